// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

/// A one-page print job through GTK's print dialog (GtkPrintOperation):
/// printers, "Print to File" (PDF) and the paper size, A4 unless the user
/// picks another. `draw` gets the page's printable area, in points.
@MainActor
public enum PrintJob {
    public enum Outcome: Sendable {
        case printed, cancelled
        case failed(String)
    }

    /// Opens the dialog in a later main-loop iteration, from an idle callback:
    /// the dialog runs its own main loop until it closes, and run from inside
    /// the main actor's queue it would hold every other main-actor job back.
    public static func run(
        name: String, over widget: some Widget, draw: @escaping @Sendable @MainActor (PrintCanvas) -> Void,
        done: @escaping @Sendable @MainActor (Outcome) -> Void = { _ in }
    ) {
        // Only read again on this thread, in the posted closure.
        nonisolated(unsafe) let parent = gtk_widget_get_root(widget.widgetPointer).map {
            UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWindow.self)
        }
        if let parent { g_object_ref(parent) }
        MainLoop.post {
            defer { if let parent { g_object_unref(parent) } }
            runNow(name: name, parent: parent, draw: draw, done: done)
        }
    }

    private static func runNow(
        name: String, parent: UnsafeMutablePointer<GtkWindow>?, draw: @escaping @MainActor (PrintCanvas) -> Void,
        done: @MainActor (Outcome) -> Void
    ) {
        let operation = gtk_print_operation_new()!
        let raw = UnsafeMutableRawPointer(operation)
        gtk_print_operation_set_job_name(operation, name)
        gtk_print_operation_set_n_pages(operation, 1)
        gtk_print_operation_set_unit(operation, GTK_UNIT_POINTS)
        gtk_print_operation_set_embed_page_setup(operation, 1)
        let setup = gtk_page_setup_new()!
        if let a4 = gtk_paper_size_new(GTK_PAPER_NAME_A4) {
            gtk_page_setup_set_paper_size_and_default_margins(setup, a4)
            gtk_paper_size_free(a4)
        }
        gtk_print_operation_set_default_page_setup(operation, setup)
        g_object_unref(UnsafeMutableRawPointer(setup))

        Signals.connect(raw, "draw-page") { arguments in
            guard let context = arguments.object(at: 1) else { return }
            let printContext = OpaquePointer(context)
            guard let cairo = gtk_print_context_get_cairo_context(printContext) else { return }
            draw(
                PrintCanvas(
                    cairo: cairo, width: gtk_print_context_get_width(printContext),
                    height: gtk_print_context_get_height(printContext)))
        }
        // Synchronous: the dialog runs its own main loop, and the outcome
        // (cancelled too, which "done" does not always report) is known on return.
        var error: UnsafeMutablePointer<GError>?
        let result = gtk_print_operation_run(operation, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, parent, &error)
        g_object_unref(raw)
        switch result {
        case GTK_PRINT_OPERATION_RESULT_ERROR:
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            done(.failed(message))
        case GTK_PRINT_OPERATION_RESULT_CANCEL: done(.cancelled)
        default: done(.printed)
        }
    }
}
