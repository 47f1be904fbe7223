// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import JSONKit
import Testing

private func parse(_ text: String, options: JSONDocument.Options = []) throws -> JSONValue {
    try JSONDocument(parsing: Data(text.utf8), options: options).root
}

@Suite("Reading JSON values")
struct JSONValueTests {
    @Test("scalars: kind and the one accessor that answers")
    func scalars() throws {
        #expect(try parse("null").isNull)
        #expect(try parse("null").kind == .null)
        #expect(try parse("true").bool == true)
        #expect(try parse("false").bool == false)
        #expect(try parse("false").kind == .bool)
        #expect(try parse("0").bool == nil)
        #expect(try parse("\"x\"").kind == .string)
        #expect(try parse("1").string == nil)
        #expect(try parse("\"1\"").double == nil)
        #expect(try parse("\"\"").string == "")
        #expect(try parse("[]").kind == .array)
        #expect(try parse("{}").kind == .object)
    }

    @Test("integers are exact; doubles are not integers")
    func numbers() throws {
        let small = try parse("-42")
        #expect(small.kind == .number)
        #expect(small.int64 == -42)
        #expect(small.uint64 == nil)
        #expect(small.double == -42)

        let beyondInt64 = try parse("18446744073709551615")
        #expect(beyondInt64.int64 == nil)
        #expect(beyondInt64.uint64 == UInt64.max)
        #expect(beyondInt64.double == 18_446_744_073_709_551_615.0)

        #expect(try parse("9223372036854775807").int64 == Int64.max)
        #expect(try parse("-9223372036854775808").int64 == Int64.min)
        #expect(try parse("9007199254740993").int64 == 9_007_199_254_740_993)
        #expect(try parse("7").uint64 == 7)

        let whole = try parse("3.0")
        #expect(whole.int64 == nil)
        #expect(whole.double == 3)
        #expect(try parse("1e3").int64 == nil)
        #expect(try parse("1e3").double == 1000)
        #expect(try parse("-2.5E-3").double == -0.0025)
        #expect(try parse("1e-400").double == 0)
    }

    @Test("-0 is the integer 0; -0.0 keeps its sign")
    func negativeZero() throws {
        #expect(try parse("-0").int64 == 0)
        let double = try #require(try parse("-0.0").double)
        #expect(double == 0 && double.sign == .minus)
    }

    @Test("strings are unescaped UTF-8, NUL and astral planes included")
    func strings() throws {
        #expect(try parse(#""a\"b\\c\/d\n\t\u00e9\ud83d\udc36""#).string == "a\"b\\c/d\n\té🐶")
        #expect(try parse(#""a\u0000b""#).string == "a\u{0}b")
        #expect(try parse("\"Łódź 🐈\"").string == "Łódź 🐈")
        let long = String(repeating: "ä", count: 100_000)
        #expect(try parse("\"\(long)\"").string == long)
    }

    @Test("string prefixes: short strings whole, long ones cut where a character starts")
    func stringPrefixes() throws {
        #expect(try parse("\"Luna\"").stringPrefix(maxUTF8Bytes: 4) == JSONStringPrefix(text: "Luna", isWhole: true))
        #expect(try parse("\"Lunax\"").stringPrefix(maxUTF8Bytes: 4) == JSONStringPrefix(text: "Luna", isWhole: false))
        // "Łó" is 4 bytes: a cut at 3 keeps "Ł", never half of "ó".
        #expect(try parse("\"Łódź\"").stringPrefix(maxUTF8Bytes: 3) == JSONStringPrefix(text: "Ł", isWhole: false))
        #expect(try parse("\"🐶🐶\"").stringPrefix(maxUTF8Bytes: 5) == JSONStringPrefix(text: "🐶", isWhole: false))
        #expect(try parse("\"🐶\"").stringPrefix(maxUTF8Bytes: 2) == JSONStringPrefix(text: "", isWhole: false))
        #expect(try parse("12").stringPrefix(maxUTF8Bytes: 8) == nil)
        let huge = String(repeating: "a", count: 5_000_000)
        let fields = try #require(try parse("{\"name\": \"\(huge)\"}").fields(JSONFieldNames(["name"])))
        #expect(fields.stringPrefix(0, maxUTF8Bytes: 10) == JSONStringPrefix(text: "aaaaaaaaaa", isWhole: false))
    }

    @Test("object lookup by key: present, absent, null, first of duplicates")
    func objectLookup() throws {
        let object = try parse(#"{"a": 1, "b": null, "a": 2, "": "empty", "é": true}"#)
        #expect(object["a"]?.int64 == 1)
        #expect(object["b"]?.isNull == true)
        #expect(object["c"] == nil)
        #expect(object[""]?.string == "empty")
        #expect(object["é"]?.bool == true)
        #expect(object.count == 5)
        #expect(try parse("[1]")["a"] == nil)
        #expect(try parse("\"a\"")["a"] == nil)
    }

    @Test("members in document order, duplicates included")
    func members() throws {
        let object = try parse(#"{"z": 1, "a": [true], "z": {"n": null}}"#)
        let members = try #require(object.members)
        #expect(members.count == 3)
        #expect(members.map(\.key) == ["z", "a", "z"])
        #expect(members.map(\.value.kind) == [.number, .array, .object])
        #expect(try parse("{}").members?.map(\.key) == [])
        #expect(try parse("[]").members == nil)
    }

    @Test("fields: many keys found in one pass, by position")
    func fields() throws {
        let names = JSONFieldNames(["id", "missing", "nested", "id2", "num"])
        let object = try parse(#"{"num": 1.5, "id": "x", "nested": {"id": "inner"}, "id": "dup", "id2": null}"#)
        let fields = try #require(object.fields(names))
        #expect(fields[0]?.string == "x")
        #expect(fields[1] == nil)
        #expect(fields[2]?["id"]?.string == "inner")
        #expect(fields[3]?.isNull == true)
        #expect(fields[4]?.double == 1.5)
        #expect(try parse("[]").fields(names) == nil)
        #expect(try parse("{}").fields(JSONFieldNames([])) != nil)
    }

    @Test("fields: the scalar shortcuts answer as the values would")
    func fieldShortcuts() throws {
        let names = JSONFieldNames(["s", "d", "i", "n", "missing"])
        let fields = try #require(try parse(#"{"s": "text", "d": 2.5, "i": 7, "n": null}"#).fields(names))
        for position in 0..<names.count {
            #expect(fields.string(position) == fields[position]?.string)
            #expect(fields.double(position) == fields[position]?.double)
            #expect(fields.int64(position) == fields[position]?.int64)
        }
        #expect(fields.string(0) == "text")
        #expect(fields.double(1) == 2.5)
        #expect(fields.double(2) == 7)
        #expect(fields.int64(2) == 7)
        #expect(fields.string(3) == nil && fields.double(4) == nil)
    }

    @Test("fields: names sharing a hash bucket are told apart")
    func fieldsInOneBucket() throws {
        // Same length, first and last byte: the same bucket.
        let names = JSONFieldNames(["axb", "ayb", "azb", "b"])
        let fields = try #require(try parse(#"{"ayb": 1, "aab": 9, "axb": 2, "b": 3}"#).fields(names))
        #expect(fields[0]?.int64 == 2)
        #expect(fields[1]?.int64 == 1)
        #expect(fields[2] == nil)
        #expect(fields[3]?.int64 == 3)
    }

    @Test("arrays iterate in order, nested containers skipped whole")
    func arrays() throws {
        let array = try parse(#"[1, [2, [3]], {"a": [4]}, "s", null, 2.5, 18446744073709551615]"#)
        let elements = try #require(array.elements)
        #expect(elements.count == 7)
        #expect(elements.map(\.kind) == [.number, .array, .object, .string, .null, .number, .number])
        let nested = try #require(Array(elements)[1].elements)
        #expect(nested.map(\.kind) == [.number, .array])
        #expect(try parse("[]").elements?.count == 0)
        #expect(try parse("[]").elements.map { Array($0) }?.isEmpty == true)
        #expect(try parse("{}").elements == nil)
        #expect(try parse("1").count == nil)
    }

    @Test("a value keeps its document alive")
    func valueOutlivesDocumentReference() throws {
        func firstName() throws -> JSONValue {
            let document = try JSONDocument(parsing: Data(#"{"names": ["Luna", "Rex"]}"#.utf8))
            return try #require(document.root["names"]?.elements?.first { _ in true })
        }
        let value = try firstName()
        #expect(value.string == "Luna")
    }

    @Test("counts past the tape's 24-bit counter are exact")
    func hugeCount() throws {
        let count = 0xFF_FFFF + 2
        let text = "[" + String(repeating: "0,", count: count - 1) + "0]"
        #expect(try parse(text).count == count)
    }

    @Test("bytes without padding, from an array or a slice of Data")
    func unpaddedInput() throws {
        let bytes = Array(#"{"a":"b"}"#.utf8)
        #expect(try JSONDocument(parsing: bytes).root["a"]?.string == "b")
        let data = Data(#"xx{"a":1}"#.utf8).dropFirst(2)
        #expect(try JSONDocument(parsing: data).root["a"]?.int64 == 1)
    }

    @Test("large bodies (their own padded copy, huge pages) read the same, to the last byte")
    func largeBody() throws {
        let item = #"{"id": "x", "n": 1.5, "s": "\u00e9t\u00e9"}"#
        let count = 120_000  // about 5 MB
        let text = "[" + Array(repeating: item, count: count).joined(separator: ",") + #", "end"]"#
        #expect(text.utf8.count > 4 << 20)
        let elements = try #require(try parse(text).elements)
        #expect(elements.count == count + 1)
        var last: JSONValue?
        var sum = 0.0
        for element in elements {
            sum += element["n"]?.double ?? 0
            last = element
        }
        #expect(sum == 1.5 * Double(count))
        #expect(last?.string == "end")
        let odd = text.replacingOccurrences(of: #""end""#, with: "1e999")
        #expect(throws: JSONParseError.self) { try JSONDocument(parsing: Data(odd.utf8)) }
        let lenient = try parse(odd, options: .nullForUnreadableScalars)
        #expect(lenient.elements.map { Array($0) }?.last?.isNull == true)
        #expect(throws: JSONParseError.self) { try JSONDocument(parsing: Data(text.dropLast().utf8)) }
    }

    @Test("a UTF-8 byte order mark is skipped")
    func byteOrderMark() throws {
        let body = Data([0xEF, 0xBB, 0xBF] + Array(#"{"a":1}"#.utf8))
        #expect(try JSONDocument(parsing: body).root["a"]?.int64 == 1)
    }
}

@Suite("Bytes that are not JSON")
struct JSONParseFailureTests {
    @Test(
        "each is an error with a short message, never a crash",
        arguments: [
            "", "   ", "\n", "not json", "<html>502</html>", "{", "[", "}", "{\"a\":}", "{\"a\" 1}", "[1,]",
            "{\"a\":1,}", "[1 2]", "01", "1.", ".5", "+1", "NaN", "Infinity", "[1]x", "{} {}", "'a'",
            "\"unterminated", "\"\\x\"", "\"\\ud800\"", "\"a\tb\"", "1e400", "-1e400",
            "123456789012345678901234567890", "18446744073709551616", "-9223372036854775809", "tru", "nul",
        ])
    func invalid(text: String) {
        #expect {
            try JSONDocument(parsing: Data(text.utf8))
        } throws: { error in
            guard let error = error as? JSONParseError else { return false }
            return !error.message.isEmpty && error.message.count < 200
        }
    }

    @Test(
        "invalid UTF-8, in a string or outside one",
        arguments: [
            [0x22, 0xFF, 0x22], [0x22, 0xC0, 0x80, 0x22], [0x5B, 0xFE, 0x5D], [0x22, 0xED, 0xA0, 0x80, 0x22],
        ] as [[UInt8]])
    func invalidUTF8(bytes: [UInt8]) {
        #expect(throws: JSONParseError.self) { try JSONDocument(parsing: bytes) }
        #expect(throws: JSONParseError.self) {
            try JSONDocument(parsing: bytes, options: .nullForUnreadableScalars)
        }
    }

    @Test("deep nesting is an error, not a stack overflow")
    func deepNesting() {
        let depth = 100_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(throws: JSONParseError.self) { try JSONDocument(parsing: Data(text.utf8)) }
        let objects = String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)
        #expect(throws: JSONParseError.self) { try JSONDocument(parsing: Data(objects.utf8)) }
    }

    @Test("the message never quotes the input")
    func messageDoesNotEchoInput() throws {
        let secret = "SECRET-TOKEN-" + String(repeating: "x", count: 1000)
        let error = try #require(throws: JSONParseError.self) {
            try JSONDocument(parsing: Data("{\"a\": \"\(secret)\", }".utf8))
        }
        #expect(!error.message.contains("SECRET"))
    }
}

@Suite("Unreadable scalars as null")
struct NullForUnreadableScalarsTests {
    @Test(
        "a value that cannot be read is null; its neighbours are intact",
        arguments: [
            "1e400", "-1e400", "123456789012345678901234567890", "18446744073709551616", "-9223372036854775809",
            #""\ud800""#, #""a\xb""#, "\"a\tb\"", #""\udc00 tail""#,
        ])
    func unreadable(value: String) throws {
        let object = try parse(#"{"before": "a", "odd": \#(value), "after": [1]}"#, options: .nullForUnreadableScalars)
        #expect(object["odd"]?.isNull == true)
        #expect(object["before"]?.string == "a")
        #expect(object["after"]?.elements?.first { _ in true }?.int64 == 1)
    }

    @Test("readable documents are untouched, odd-looking strings included")
    func readableUntouched() throws {
        let object = try parse(#"{"s": "1e400 \" \\", "n": 1e300}"#, options: .nullForUnreadableScalars)
        #expect(object["s"]?.string == #"1e400 " \"#)
        #expect(object["n"]?.double == 1e300)
    }

    @Test(
        "what cannot become null still fails",
        arguments: ["01", "[1.]", #"{"\ud800": 1}"#, "{\"a\": 1e400,}", "[\"\\ud800\""])
    func stillInvalid(text: String) {
        #expect(throws: JSONParseError.self) {
            try JSONDocument(parsing: Data(text.utf8), options: .nullForUnreadableScalars)
        }
    }
}
