// SPDX-License-Identifier: GPL-3.0-or-later

/// What turns the markers on screen into the wanted ones while building as few
/// widgets as possible: a marker still wanted stays (or is updated in place),
/// and a widget no longer wanted is given to a new marker of the same kind
/// before any widget is created. Zooming one level relabels the widgets it has
/// instead of replacing them. A pure function of its inputs, so the page can
/// work it out off the main thread.
public struct MapMarkerChanges: Sendable, Equatable {
    /// `slot` indexes the `shown` markers the changes were worked out from.
    public enum Change: Sendable, Equatable {
        /// The widget at `slot` shows `marker` instead (same kind, new content or a new marker).
        case update(slot: Int, to: MapMarker)
        case create(MapMarker)
        case remove(slot: Int)
    }

    /// Updates and creations in the order of `wanted`, then removals by slot.
    public let changes: [Change]

    /// `shown`: what each widget shows now. `wanted`: what should be on the
    /// map (a repeated id keeps its first marker).
    public init(from shown: [MapMarker], to wanted: [MapMarker]) {
        var slotByID: [String: Int] = [:]
        for (slot, marker) in shown.enumerated() where slotByID[marker.id] == nil {
            slotByID[marker.id] = slot
        }
        var wantedIDs = Set<String>()
        let wanted = wanted.filter { wantedIDs.insert($0.id).inserted }

        // A slot is taken when its widget already shows a wanted id of its kind.
        var isTaken = Array(repeating: false, count: shown.count)
        for marker in wanted {
            if let slot = slotByID[marker.id], shown[slot].kind == marker.kind { isTaken[slot] = true }
        }
        var spare: [MapMarker.Kind: [Int]] = [:]
        for slot in shown.indices.reversed() where !isTaken[slot] {
            spare[shown[slot].kind, default: []].append(slot)
        }

        var changes: [Change] = []
        for marker in wanted {
            if let slot = slotByID[marker.id], shown[slot].kind == marker.kind {
                if shown[slot] != marker { changes.append(.update(slot: slot, to: marker)) }
            } else if let slot = spare[marker.kind]?.popLast() {
                changes.append(.update(slot: slot, to: marker))
            } else {
                changes.append(.create(marker))
            }
        }
        changes += spare.values.joined().sorted().map { .remove(slot: $0) }
        self.changes = changes
    }
}

extension MapMarker {
    /// A pin and a cluster are different widgets; only the same kind is reused.
    public enum Kind: Sendable, Hashable {
        case pin, cluster
    }

    public var kind: Kind {
        switch self {
        case .pin: .pin
        case .cluster: .cluster
        }
    }
}
