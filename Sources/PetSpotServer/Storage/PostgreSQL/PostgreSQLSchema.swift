// SPDX-License-Identifier: GPL-3.0-or-later

import Logging
import PostgresNIO

/// The PostgreSQL schema, as numbered migrations recorded in
/// `petspot_schema_migrations`. Each runs in a transaction of its own that
/// first takes a transaction-level advisory lock, so server processes that
/// start at once apply each migration exactly once: the second waits, then
/// finds it recorded. Migrations are only ever appended; SQL text here is
/// constant, never built from values.
enum PostgreSQLSchema {
    struct Migration: Sendable {
        let version: Int
        let name: String
        let statements: [String]
    }

    /// The advisory lock every migration takes (a constant of our own: 'PSPT' 'MIGR').
    static let migrationLock: Int64 = 0x5053_5054_4D49_4752

    static let migrations: [Migration] = [
        Migration(
            version: 1, name: "announcements",
            statements: [
                "CREATE EXTENSION IF NOT EXISTS postgis",
                // `storage_order`: list answers follow insertion order, the
                // "storage order" the contract lets servers return. The
                // coordinates are kept as sent (answers give them back exactly);
                // `place` follows them for the spatial index. Timestamps are the
                // wire's text, stored as given, as on SQLite.
                """
                CREATE TABLE announcements (
                    storage_order bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    id text NOT NULL UNIQUE,
                    pet_name text,
                    species text NOT NULL,
                    breed text,
                    sex text NOT NULL,
                    age bigint,
                    description text,
                    microchip_number text,
                    latitude double precision NOT NULL,
                    longitude double precision NOT NULL,
                    place geography(Point, 4326) GENERATED ALWAYS AS
                        (ST_SetSRID(ST_MakePoint(longitude, latitude), 4326)::geography) STORED,
                    last_seen_date text NOT NULL,
                    email text,
                    phone text,
                    photo_url text,
                    status text NOT NULL,
                    reward text,
                    created_at text NOT NULL,
                    updated_at text NOT NULL
                )
                """,
                "CREATE INDEX announcements_by_place ON announcements USING gist (place)",
                // One report per microchip number, even for reports sent at once
                // to different server processes.
                """
                CREATE UNIQUE INDEX announcements_microchip_unique ON announcements (microchip_number)
                    WHERE microchip_number IS NOT NULL
                """,
                // Moves in the same transaction as every write a report's JSON
                // shows, so an answer built at one value is right while it stays.
                """
                CREATE TABLE petspot_revision (
                    only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
                    value bigint NOT NULL
                )
                """,
                "INSERT INTO petspot_revision (value) VALUES (0)",
                // The hash of each API-created report's management password.
                """
                CREATE TABLE report_credentials (
                    announcement_id text PRIMARY KEY REFERENCES announcements (id) ON DELETE CASCADE,
                    algorithm text NOT NULL,
                    iterations bigint NOT NULL,
                    salt bytea NOT NULL,
                    derived_key bytea NOT NULL
                )
                """,
                // Wrong management passwords per report, shared by every process.
                """
                CREATE TABLE password_failures (
                    announcement_id text PRIMARY KEY REFERENCES announcements (id) ON DELETE CASCADE,
                    failures integer NOT NULL,
                    window_start timestamptz NOT NULL
                )
                """,
                // What people saw of a report's pet; `storage_order` breaks ties.
                """
                CREATE TABLE sightings (
                    storage_order bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    id text NOT NULL UNIQUE,
                    announcement_id text NOT NULL REFERENCES announcements (id) ON DELETE CASCADE,
                    seen_at text COLLATE "C" NOT NULL,
                    latitude double precision NOT NULL,
                    longitude double precision NOT NULL,
                    note text,
                    contact text,
                    created_at text NOT NULL
                )
                """,
                "CREATE INDEX sightings_by_report ON sightings (announcement_id, seen_at)",
                // Photos in the database, so any server process serves any photo.
                """
                CREATE TABLE photos (
                    name text PRIMARY KEY,
                    bytes bytea NOT NULL,
                    version text NOT NULL
                )
                """,
            ]),
        Migration(
            version: 2, name: "report pages",
            statements: [
                // `created_at` in milliseconds since 1970, so timestamps written
                // with and without fractions or with zone offsets sort by the
                // time they name; an unreadable one sorts before every other.
                // Fixed zone and date style make the function immutable, as a
                // generated column needs.
                """
                CREATE FUNCTION petspot_wire_milliseconds(value text) RETURNS bigint
                LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
                SET timezone = 'UTC' SET datestyle = 'ISO, YMD'
                AS $$
                BEGIN
                    IF value !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' THEN
                        RETURN -9007199254740991;
                    END IF;
                    RETURN round(extract(epoch FROM value::timestamptz) * 1000)::bigint;
                EXCEPTION WHEN others THEN
                    RETURN -9007199254740991;
                END
                $$
                """,
                """
                ALTER TABLE announcements ADD COLUMN created_ms bigint
                    GENERATED ALWAYS AS (petspot_wire_milliseconds(created_at)) STORED
                """,
                "CREATE INDEX announcements_by_created ON announcements (created_ms, id)",
                "CREATE INDEX announcements_by_status_created ON announcements (status, created_ms, id)",
                // Search folds as the app does for the letters of Latin
                // alphabets: case, diacritics, and the letters with a stroke.
                """
                CREATE FUNCTION petspot_fold(value text) RETURNS text
                LANGUAGE sql IMMUTABLE PARALLEL SAFE
                AS $$
                    SELECT lower(replace(replace(replace(replace(replace(translate(value,
                        '\(foldFrom)',
                        '\(foldTo)'),
                        'ß', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'))
                $$
                """,
                // The key that signs page cursors, made by the first process to ask.
                """
                CREATE TABLE petspot_secrets (
                    name text PRIMARY KEY,
                    value bytea NOT NULL
                )
                """,
            ]),
    ]

    /// Letters `petspot_fold` maps, and what to: each one folds (`String.folded`)
    /// to the one letter at the same place in `foldTo`.
    private static let foldFrom =
        "ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöøùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħĨĩĪīĬĭĮįİıĴĵĶķĹĺĻļĽľŁłŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžſƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳḀḁḂḃḄḅḆḇḈḉḊḋḌḍḎḏḐḑḒḓḔḕḖḗḘḙḚḛḜḝḞḟḠḡḢḣḤḥḦḧḨḩḪḫḬḭḮḯḰḱḲḳḴḵḶḷḸḹḺḻḼḽḾḿṀṁṂṃṄṅṆṇṈṉṊṋṌṍṎṏṐṑṒṓṔṕṖṗṘṙṚṛṜṝṞṟṠṡṢṣṤṥṦṧṨṩṪṫṬṭṮṯṰṱṲṳṴṵṶṷṸṹṺṻṼṽṾṿẀẁẂẃẄẅẆẇẈẉẊẋẌẍẎẏẐẑẒẓẔẕẖẗẘẙẛẠạẢảẤấẦầẨẩẪẫẬậẮắẰằẲẳẴẵẶặẸẹẺẻẼẽẾếỀềỂểỄễỆệỈỉỊịỌọỎỏỐốỒồỔổỖỗỘộỚớỜờỞởỠỡỢợỤụỦủỨứỪừỬửỮữỰựỲỳỴỵỶỷỸỹ"
    private static let foldTo =
        "aaaaaaceeeeiiiinoooooouuuuyaaaaaaceeeeiiiinoooooouuuuyyaaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiiijjkkllllllllnnnnnnoooooorrrrrrssssssssttttuuuuuuuuuuuuwwyyyzzzzzzsoouuaaiioouuuuuuuuuuaaaaggkkoooojggnnaaaaaaeeeeiiiioooorrrruuuusstthhaaeeooooooooyyaabbbbbbccddddddddddeeeeeeeeeeffgghhhhhhhhhhiiiikkkkkkllllllllmmmmmmnnnnnnnnoooooooopppprrrrrrrrssssssssssttttttttuuuuuuuuuuvvvvwwwwwwwwwwxxxxyyzzzzzzhtwysaaaaaaaaaaaaaaaaaaaaaaaaeeeeeeeeeeeeeeeeiiiioooooooooooooooooooooooouuuuuuuuuuuuuuyyyyyyyy"

    /// Brings the database's schema up to date; a no-op when it already is.
    /// - Returns: the versions this call applied.
    @discardableResult
    static func migrate(on connection: PostgresConnection, logger: Logger) async throws -> [Int] {
        var applied: [Int] = []
        for migration in migrations {
            let ran = try await PostgreSQLTransaction.run(on: connection, logger: logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(\(migrationLock))", logger: logger)
                try await connection.query(
                    """
                    CREATE TABLE IF NOT EXISTS petspot_schema_migrations (
                        version integer PRIMARY KEY,
                        name text NOT NULL,
                        applied_at timestamptz NOT NULL DEFAULT now()
                    )
                    """, logger: logger)
                let done = try await connection.query(
                    "SELECT 1 FROM petspot_schema_migrations WHERE version = \(migration.version)", logger: logger
                ).collect()
                guard done.isEmpty else { return false }
                for statement in migration.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query(
                    "INSERT INTO petspot_schema_migrations (version, name) VALUES (\(migration.version), \(migration.name))",
                    logger: logger)
                return true
            }
            if ran {
                logger.info("Applied PostgreSQL migration \(migration.version) (\(migration.name))")
                applied.append(migration.version)
            }
        }
        return applied
    }
}
