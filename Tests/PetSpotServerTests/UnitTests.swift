import Foundation
import PetSpotClient
@testable import PetSpotServer
import Testing
import PetSpotDomain
import PetSpotTestSupport
import NIOCore

@Suite("Area query parsing")
struct AreaQueryParserTests {
    @Test("no location means no area")
    func none() throws {
        #expect(try AreaQueryParser.parse([]) == nil)
        #expect(try AreaQueryParser.parse([("range", "10")]) == nil)
    }

    @Test("range defaults to 5 km")
    func defaultRange() throws {
        let area = try AreaQueryParser.parse([("lat", "52.5"), ("lng", "21")])
        #expect(area == SearchArea(latitude: 52.5, longitude: 21, radiusKilometres: 5))
    }

    @Test("errors name the field", arguments: [
        ([("lat", "1"), ("lng", "2"), ("range", "2.5")], "range"),
        ([("lat", "1")], "lng"),
        ([("lng", "1")], "lat"),
        ([("lat", "1e400"), ("lng", "2")], "lat"),
    ])
    func errors(_ parameters: [(String, String)], _ field: String) {
        #expect {
            _ = try AreaQueryParser.parse(parameters.map { (name: $0.0, value: $0.1) })
        } throws: { error in
            (error as? APIError)?.field == field && (error as? APIError)?.code == .invalidParameter
        }
    }
}

@Suite("Image file names")
struct ImageFileNameTests {
    @Test("plain image names are accepted with their content type", arguments: [
        ("a.png", "image/png"), ("b.JPEG", "image/jpeg"), ("c.jpg", "image/jpeg"),
        ("d.webp", "image/webp"), ("e.gif", "image/gif"), ("dog burek.png", "image/png"),
    ])
    func accepted(_ name: String, _ contentType: String) {
        #expect(ImageFileName(name)?.contentType == contentType)
    }

    @Test("anything path-like or hidden is refused", arguments: [
        "", ".", "..", "../a.png", "a/b.png", "a\\b.png", ".hidden.png", "a..png", "noextension",
        "a.svg", "a.png\u{0}", "a\nb.png", String(repeating: "x", count: 300) + ".png",
    ])
    func refused(_ name: String) {
        #expect(ImageFileName(name) == nil)
    }

    @Test("photo URLs map to file names only under /images/")
    func photoURL() {
        #expect(ImageFileName(photoURL: "/images/cat.png")?.name == "cat.png")
        #expect(ImageFileName(photoURL: "https://example.com/images/cat.png") == nil)
        #expect(ImageFileName(photoURL: "/images/../db.png") == nil)
    }
}

@Suite("Bounding box prefilter")
struct BoundingBoxTests {
    @Test("an ordinary box spans the radius in latitude and a bit more in longitude")
    func ordinary() {
        let box = BoundingBox(around: SearchArea(latitude: 52, longitude: 21, radiusKilometres: 10))
        #expect(abs((box.maximumLatitude - 52) - 10 / 111.19493) < 0.001)
        guard case .between(let west, let east) = box.longitudes else {
            Issue.record("expected one longitude interval, got \(box.longitudes)")
            return
        }
        #expect(west < 21 && east > 21)
        #expect(abs((east - 21) - 10 / (111.19493 * cos(52 * .pi / 180))) < 0.001)
    }

    @Test("crossing ±180° wraps; reaching a pole takes every longitude")
    func edges() {
        let wrapping = BoundingBox(around: SearchArea(latitude: 0, longitude: 179.9, radiusKilometres: 50))
        if case .wrapping(let eastOf, let westOf) = wrapping.longitudes {
            #expect(eastOf < 179.9 && westOf > -180 && westOf < -179)
        } else {
            Issue.record("expected a wrapping span, got \(wrapping.longitudes)")
        }
        let polar = BoundingBox(around: SearchArea(latitude: 89.9, longitude: 0, radiusKilometres: 50))
        #expect(polar.longitudes == .all)
        #expect(polar.maximumLatitude == 90)
    }
}

@Suite("Request log line")
struct RequestLogFormatTests {
    @Test("durations print as milliseconds with one decimal")
    func milliseconds() {
        #expect(RequestLogFormat.milliseconds(.microseconds(3_250)) == "3.2")
        #expect(RequestLogFormat.milliseconds(.seconds(2)) == "2000.0")
        #expect(RequestLogFormat.milliseconds(.zero) == "0.0")
    }

    @Test("a line names method, target, status and duration")
    func line() {
        let text = RequestLogFormat.line(
            method: "GET", target: "/api/v1/announcements?lat=1&lng=2", status: 200, duration: .milliseconds(12)
        )
        #expect(text == "GET /api/v1/announcements?lat=1&lng=2 200 12.0 ms")
    }
}

@Suite("List body encoding")
struct AnnouncementListEncoderTests {
    @Test("chunked encoding produces the same JSON as one encoder pass", arguments: [
        0, 1, AnnouncementListEncoder.chunkSize, AnnouncementListEncoder.chunkSize + 1, 3 * AnnouncementListEncoder.chunkSize + 7,
    ])
    func sameAsSinglePass(count: Int) async throws {
        let announcements = (0..<count).map { SampleAnnouncements.make(id: "pet-\($0)", petName: $0 % 3 == 0 ? nil : "Pet \($0)") }
        let chunked = try await AnnouncementListEncoder.body(for: announcements)
        let single = try JSONResponse.makeEncoder().encode(WireAnnouncementList(data: announcements))
        #expect(Data(chunked.readableBytesView) == single)
    }
}
