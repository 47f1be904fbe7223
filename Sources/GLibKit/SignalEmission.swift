// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk

extension Signals {
    /// Emits a (possibly detailed) signal as GTK would, for signals GTK has no
    /// function for and for tests; `g_signal_emit_by_name` is variadic and does
    /// not import. Returns the handlers' return value when the signal has one.
    @discardableResult
    package static func emit<Result: GValueRepresentable>(
        _ signal: String, on instance: UnsafeMutableRawPointer,
        _ arguments: [any GValueRepresentable] = [], returning _: Result.Type
    ) -> Result? {
        var result: Result?
        emit(signal, on: instance, arguments) { returnValue in result = returnValue.map { Result(gValue: $0) } ?? nil }
        return result
    }

    package static func emit(
        _ signal: String, on instance: UnsafeMutableRawPointer, _ arguments: [any GValueRepresentable] = []
    ) {
        emit(signal, on: instance, arguments) { _ in }
    }

    private static func emit(
        _ signal: String, on instance: UnsafeMutableRawPointer, _ arguments: [any GValueRepresentable],
        readingReturnValue read: (UnsafePointer<GValue>?) -> Void
    ) {
        let type = instance.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
        var id: guint = 0
        var detail: GQuark = 0
        guard g_signal_parse_name(signal, type, &id, &detail, 0) != 0 else {
            preconditionFailure("no signal \(signal) on \(String(cString: g_type_name(type)))")
        }
        var query = GSignalQuery()
        g_signal_query(id, &query)
        precondition(Int(query.n_params) == arguments.count, "\(signal) takes \(query.n_params) arguments")

        var values = [GValue](repeating: GValue(), count: arguments.count + 1)
        var returnValue = GValue()
        // The low bit of a return type is G_SIGNAL_TYPE_STATIC_SCOPE, not part of the type.
        let returnType = query.return_type & ~GType(1)
        let hasReturnValue = returnType != petspot_type_none()
        values.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            g_value_init(base, type)
            g_value_set_instance(base, instance)
            for (index, argument) in arguments.enumerated() {
                g_value_init(base + index + 1, argument.gValueType)
                argument.store(in: base + index + 1)
            }
            if hasReturnValue { g_value_init(&returnValue, returnType) }
            withUnsafeMutablePointer(to: &returnValue) { result in
                g_signal_emitv(base, id, detail, hasReturnValue ? result : nil)
            }
            for index in buffer.indices { g_value_unset(base + index) }
        }
        if hasReturnValue {
            withUnsafePointer(to: &returnValue) { read($0) }
            g_value_unset(&returnValue)
        } else {
            read(nil)
        }
    }
}
