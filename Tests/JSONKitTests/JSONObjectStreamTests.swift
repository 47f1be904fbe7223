// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import JSONKit
import Testing

/// A value as text, the same whichever document it was read from.
private func render(_ value: JSONValue) -> String {
    switch value.kind {
    case .null: return "null"
    case .bool: return value.bool! ? "true" : "false"
    case .number: return value.int64.map(String.init) ?? value.uint64.map(String.init) ?? "\(value.double!)"
    case .string: return value.string!.debugDescription
    case .array: return "[" + value.elements!.map(render).joined(separator: ",") + "]"
    case .object:
        return "{" + value.members!.map { "\($0.key.debugDescription):\(render($0.value))" }.joined(separator: ",")
            + "}"
    }
}

/// What streaming `body` should give, from parsing it whole: each named
/// array's elements (its first occurrence, when that is an array) and the
/// envelope with those arrays written `[]`.
private func expectedSplit(of body: [UInt8], names: [String]) throws -> (arrays: [[String]], envelope: String) {
    let root = try JSONDocument(parsing: body).root
    var arrays = [[String]](repeating: [], count: names.count)
    guard let members = root.members else { return (arrays, render(root)) }
    var seen = Set<String>()
    let fields = members.map { member -> String in
        let first = seen.insert(member.key).inserted
        if first, let position = names.firstIndex(of: member.key), let elements = member.value.elements {
            arrays[position] = elements.map(render)
            return "\(member.key.debugDescription):[]"
        }
        return "\(member.key.debugDescription):\(render(member.value))"
    }
    return (arrays, "{" + fields.joined(separator: ",") + "}")
}

/// Streams `body` fed `feedSize` bytes at a time, in pieces of `pieceBytes`.
private func streamedSplit(
    of body: [UInt8], names: [String], pieceBytes: Int, feedSize: Int
) throws -> (arrays: [[String]], envelope: String, pieces: Int) {
    let stream = JSONObjectStream(arrays: names, pieceBytes: pieceBytes)
    var arrays = [[String]](repeating: [], count: names.count)
    var pieces = 0
    func take() throws {
        while let piece = try stream.nextPiece() {
            arrays[piece.name] += piece.elements.map(render)
            pieces += 1
        }
    }
    var start = 0
    while start < body.count {
        let end = min(start + feedSize, body.count)
        try stream.feed(body[start..<end])
        try take()
        start = end
    }
    try stream.finish()
    try take()
    return (arrays, render(try stream.envelope()), pieces)
}

@Suite("A JSON object streamed in pieces")
struct JSONObjectStreamTests {
    static let names = ["data", "announcements"]

    static let bodies = [
        #"{"data":[1,2,{"a":[3,"x,]"]},"s\"q,",[],{}],"other":{"data":[9]},"announcements":[true,false,null]}"#,
        #" { "announcements" : [ {"id":"a"} , {"id":"b"} ] , "data" : null } "#,
        #"{"d\u0061ta":[1,2,3],"data":[4]}"#,
        #"{"data":null,"data":[1,2]}"#,
        #"{"data":[],"announcements":[[],[[]],{}]}"#,
        "\u{FEFF}{\"data\":[1,2]}",
        #"[1,2,3]"#,
        #""data""#,
        #"{}"#,
        #"{"x":"[1,2]","data":["]",",","\\",{"data":[]}]}"#,
        #"{"data":["\\\"],\\","\\\\","a\\\\\"b\\\\",1],"announcements":["\"\"\""]}"#,
    ]

    /// Equal to parsing whole, for every piece size and feed size: same
    /// elements, same envelope, or an error when parsing whole fails.
    private func expectSameAsWhole(_ body: [UInt8]) throws {
        let expected = try? expectedSplit(of: body, names: Self.names)
        for pieceBytes in [1, 7, 1 << 20] {
            for feedSize in [1, 3, body.count + 1] {
                let streamed = try? streamedSplit(
                    of: body, names: Self.names, pieceBytes: pieceBytes, feedSize: feedSize)
                let context = "\(String(decoding: body, as: UTF8.self)) (pieces \(pieceBytes), feeds \(feedSize))"
                #expect(streamed?.arrays == expected?.arrays, "\(context)")
                #expect(streamed?.envelope == expected?.envelope, "\(context)")
            }
        }
    }

    @Test("gives what parsing the body whole gives, at every piece and feed size")
    func sameAsWhole() throws {
        for body in Self.bodies { try expectSameAsWhole(Array(body.utf8)) }
    }

    @Test("accepts no body that is not JSON: every one-byte deletion or insertion of a bracket, comma or quote")
    func mutations() throws {
        let inserts = Array("[]{},:\" \\".utf8)
        for body in Self.bodies.prefix(5).map({ Array($0.utf8) }) {
            for position in body.indices {
                var deleted = body
                deleted.remove(at: position)
                try expectSameAsWhole(deleted)
                for byte in inserts {
                    var inserted = body
                    inserted.insert(byte, at: position)
                    try expectSameAsWhole(inserted)
                }
            }
        }
    }

    @Test("cuts a long array into pieces of about the size asked for, none lost")
    func piecesOfTheSizeAskedFor() throws {
        let elements = (0..<1_000).map { #"{"id":"item-\#($0)","text":"a, b] c"}"# }
        let body = Array(#"{"data":[\#(elements.joined(separator: ","))]}"#.utf8)
        let streamed = try streamedSplit(of: body, names: Self.names, pieceBytes: 4_096, feedSize: 1_500)
        #expect(streamed.arrays[0].count == 1_000)
        #expect(streamed.arrays[0] == (try expectedSplit(of: body, names: Self.names)).arrays[0])
        #expect(
            (body.count / 4_096 - 1...body.count / 4_096 + 2).contains(streamed.pieces), "\(streamed.pieces) pieces")
        #expect(streamed.envelope == #"{"data":[]}"#)
    }

    @Test("a piece still held keeps its values when the next one is parsed")
    func heldPiecesStay() throws {
        let stream = JSONObjectStream(arrays: ["data"], pieceBytes: 1)
        try stream.feed(Array(#"{"data":["first piece","second piece","third"]}"#.utf8))
        let first = try #require(try stream.nextPiece())
        let second = try #require(try stream.nextPiece())
        #expect(first.elements.map { $0.string } == ["first piece"])
        #expect(second.elements.map { $0.string } == ["second piece"])
        _ = try stream.nextPiece()
        #expect(first.elements.map { $0.string } == ["first piece"])
    }

    @Test("a trailing comma, an empty element or a wrong bracket fails, wherever the pieces are cut")
    func brokenArrays() {
        for body in [
            #"{"data":[1,]}"#, #"{"data":[,1]}"#, #"{"data":[1,,2]}"#, #"{"data":[1, ,2]}"#, #"{"data":[1,2}}"#,
            #"{"data":[1,2]"#, #"{"data":[1,"2]}"#, #"{"data":[1,2]}]"#, #"{"data":[1 2]}"#,
        ] {
            for pieceBytes in [1, 2, 1 << 20] {
                #expect(throws: JSONParseError.self, "\(body) in pieces of \(pieceBytes)") {
                    try streamedSplit(of: Array(body.utf8), names: Self.names, pieceBytes: pieceBytes, feedSize: 2)
                }
            }
        }
    }
}
