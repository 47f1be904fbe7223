// SPDX-License-Identifier: GPL-3.0-or-later

/// The one splice that turns a list's rows into new ones: the reports both
/// share at the start and at the end stay where they are, and `removed` rows
/// at `position` are replaced by `added` new ones. A refresh that adds one
/// report on top is one inserted row, not a new list.
public struct ListChange: Equatable, Sendable {
    public let position: Int
    public let removed: Int
    public let added: Int

    public init(position: Int, removed: Int, added: Int) {
        self.position = position
        self.removed = removed
        self.added = added
    }

    /// Rows are the same report when their ids are equal.
    public init(from old: any CardRows, to new: any CardRows) {
        let shared = min(old.count, new.count)
        var head = 0
        while head < shared, old.id(at: head) == new.id(at: head) { head += 1 }
        var tail = 0
        while tail < shared - head, old.id(at: old.count - 1 - tail) == new.id(at: new.count - 1 - tail) { tail += 1 }
        self.init(position: head, removed: old.count - head - tail, added: new.count - head - tail)
    }

    /// Whether nothing moves.
    public var isEmpty: Bool { removed == 0 && added == 0 }
}
