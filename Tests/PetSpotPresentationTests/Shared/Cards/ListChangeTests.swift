// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotPresentation
import PetSpotTestSupport
import Testing

/// The one splice between a list's old and new rows: what both share at the
/// start and at the end keeps its rows.
struct ListChangeTests {
    @Test(arguments: [
        // old, new, expected (position, removed, added)
        ("abc", "abc", 3, 0, 0),
        ("abc", "xabc", 0, 0, 1),
        ("abc", "abcx", 3, 0, 1),
        ("abc", "abxc", 2, 0, 1),
        ("abc", "ac", 1, 1, 0),
        ("abc", "axc", 1, 1, 1),
        ("abc", "xyz", 0, 3, 3),
        ("", "abc", 0, 0, 3),
        ("abc", "", 0, 3, 0),
        ("aaa", "aa", 2, 1, 0),
        ("aa", "aaa", 2, 0, 1),
        ("abcb", "ab", 2, 2, 0),
    ])
    func theSharedStartAndEndAreKept(old: String, new: String, position: Int, removed: Int, added: Int) {
        let change = ListChange(from: rows(old.map(String.init)), to: rows(new.map(String.init)))
        #expect(change == ListChange(position: position, removed: removed, added: added))
        #expect(change.isEmpty == (removed == 0 && added == 0))
    }

    private func rows(_ ids: [String]) -> [AnnouncementCard] {
        ids.map { AnnouncementCard(Fixtures.announcement($0), userLocation: nil) }
    }
}
