// SPDX-License-Identifier: GPL-3.0-or-later

/// The `announcements` columns both engines read and write, in the order rows
/// are read by position and values are bound.
enum AnnouncementTable {
    static let columns = [
        "id", "pet_name", "species", "breed", "sex", "age", "description", "microchip_number",
        "latitude", "longitude", "last_seen_date", "email", "phone", "photo_url", "status", "reward",
        "created_at", "updated_at",
    ]

    /// `columns` for a SELECT or an INSERT.
    static let columnList = columns.joined(separator: ", ")

    /// After `ON CONFLICT (id) DO UPDATE SET`: every column but `id` takes the
    /// new row's value.
    static let updateFromExcluded = columns.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
}
