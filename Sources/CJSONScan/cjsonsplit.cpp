// SPDX-License-Identifier: GPL-3.0-or-later

// The splitter of cjsonsplit.h. It tracks just enough of JSON's grammar to
// find the named arrays of the top-level object and the commas between their
// elements (strings, escapes and nesting depth); everything it does not
// check, simdjson checks when it parses each piece and the envelope.
#include "cjsonsplit.h"

#include <simdjson.h>

#include <cstring>
#include <deque>
#include <new>
#include <string>
#include <utility>
#include <vector>

namespace {

bool is_space(uint8_t c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

struct piece {
    size_t name;
    std::string json;  // "[" elements "]"
};

}  // namespace

struct cjs_splitter {
    std::vector<std::string> names;
    std::vector<bool> streamed;  // per name: its first occurrence was seen
    size_t piece_bytes = 0;

    // The first bytes, until the byte order mark is ruled in or out.
    std::string head;
    bool head_done = false;

    std::string envelope;
    std::deque<piece> ready;

    // The scanner.
    size_t depth = 0;
    bool started = false;       // the first value began
    bool unsplittable = false;  // the body is not an object: it all goes to the envelope
    bool in_string = false;
    // Inside a string: the backslashes that end what was scanned so far (an
    // odd number escapes the next byte, which may come in the next feed).
    size_t backslashes = 0;
    bool expect_key = false;   // depth 1: the next string is a key
    bool reading_key = false;  // depth 1: inside a key
    bool expect_value = false; // depth 1: after a key's colon
    std::string key;
    size_t key_start = 0;  // where the key being read starts in the envelope
    size_t last_key = SIZE_MAX;  // the name the last key matched, else SIZE_MAX

    // Inside a named array (depth 2 is between its elements).
    bool splitting = false;
    size_t splitting_name = 0;
    std::string current;            // elements of the piece being gathered
    bool current_has_value = false; // a byte other than space since the piece began
    bool after_cut = false;         // the piece began at a comma that ended the last one

    const char *failure = nullptr;

    size_t match(const std::string &raw) const {
        std::string text = raw;
        if (raw.find('\\') != std::string::npos) {
            // An escaped key: its meaning, as simdjson reads it.
            simdjson::dom::parser parser;
            std::string quoted = "\"" + raw + "\"";
            std::string_view unescaped;
            if (parser.parse(quoted).get(unescaped) != simdjson::SUCCESS) return SIZE_MAX;
            text.assign(unescaped);
        }
        for (size_t i = 0; i < names.size(); i++) {
            if (!streamed[i] && names[i] == text) return i;
        }
        return SIZE_MAX;
    }

    void cut(bool at_end) {
        if (!current_has_value) {
            // "[]" has no piece; "[1,]" ends in a comma with nothing after it.
            if (after_cut && at_end) failure = "an array ends with a comma";
            current.clear();
            return;
        }
        std::string json;
        json.reserve(current.size() + 2);
        json.push_back('[');
        json.append(current);
        json.push_back(']');
        ready.push_back(piece{splitting_name, std::move(json)});
        current.clear();
        current_has_value = false;
        after_cut = !at_end;
    }

    // Inside a string from `from`: the index of its closing quote, or `length`
    // when the string goes on past these bytes (`backslashes` then carries).
    size_t string_end(const uint8_t *bytes, size_t from, size_t length) {
        size_t at = from;
        while (at < length) {
            const auto *quote = static_cast<const uint8_t *>(std::memchr(bytes + at, '"', length - at));
            const size_t end = quote == nullptr ? length : size_t(quote - bytes);
            // The backslashes just before `end`, and those carried when they reach back to `from`.
            size_t run = 0;
            while (end - run > at && bytes[end - run - 1] == '\\') run++;
            if (end - run == at) run += backslashes;
            if (quote == nullptr) {
                backslashes = run;
                return length;
            }
            backslashes = 0;
            if (run % 2 == 0) return end;
            at = end + 1;  // an escaped quote: the string goes on
        }
        return length;
    }

    // Scans bytes[0, length); each byte goes to the envelope or the current piece.
    void scan(const uint8_t *bytes, size_t length) {
        size_t span = 0;  // start of the bytes not yet copied to their destination
        auto flush = [&](size_t end) {
            std::string &to = splitting ? current : envelope;
            to.append(reinterpret_cast<const char *>(bytes + span), end - span);
            span = end;
        };
        for (size_t i = 0; i < length && failure == nullptr; i++) {
            const uint8_t c = bytes[i];
            if (in_string) {
                // Most of a body is inside strings: jump to the closing quote.
                const size_t close = string_end(bytes, i, length);
                if (close == length) {
                    i = length;
                    break;
                }
                i = close;
                in_string = false;
                if (reading_key) {
                    flush(i);
                    key.append(envelope, key_start, std::string::npos);
                    reading_key = false;
                    last_key = match(key);
                    // Only a name's first occurrence counts, as a lookup finds it.
                    if (last_key != SIZE_MAX) streamed[last_key] = true;
                }
                continue;
            }
            if (is_space(c)) continue;
            if (!started) {
                started = true;
                // Not an object: nothing to split; the envelope's parse says what it is.
                if (c != '{') unsplittable = true;
            }
            if (unsplittable) continue;
            if (splitting && (depth > 2 || (depth == 2 && c != ',' && c != ']' && c != '}'))) {
                current_has_value = true;
            }
            switch (c) {
            case '"':
                in_string = true;
                backslashes = 0;
                if (depth == 1) expect_value = false;
                if (depth == 1 && expect_key) {
                    flush(i + 1);
                    key.clear();
                    key_start = envelope.size();
                    reading_key = true;
                    expect_key = false;
                }
                break;
            case ':':
                if (depth == 1) expect_value = true;
                break;
            case ',':
                if (depth == 1) {
                    expect_key = true;
                    last_key = SIZE_MAX;
                } else if (splitting && depth == 2) {
                    if (current_has_value && current.size() + (i - span) >= piece_bytes) {
                        flush(i);
                        cut(false);
                        span = i + 1;  // the comma belongs to neither piece
                    } else {
                        // Kept in the piece: "[,1]" and "[1,,2]" then fail its parse.
                        current_has_value = true;
                    }
                }
                break;
            case '{':
            case '[':
                if (depth == 1 && expect_value && c == '[' && last_key != SIZE_MAX) {
                    flush(i + 1);  // the envelope keeps "[": it will read "[]"
                    splitting = true;
                    splitting_name = last_key;
                    current_has_value = false;
                    after_cut = false;
                }
                if (depth == 0 && c == '{') expect_key = true;
                if (depth == 1) expect_value = false;
                depth++;
                break;
            case ']':
            case '}':
                if (depth == 0) {
                    failure = "a closing bracket without an opening one";
                    break;
                }
                if (splitting && depth == 2) {
                    if (c != ']') {
                        failure = "an array closed by }";
                        break;
                    }
                    flush(i);
                    cut(true);
                    splitting = false;
                }
                depth--;
                break;
            default:
                if (depth == 1) expect_value = false;
                break;
            }
        }
        if (failure == nullptr) flush(length);
    }
};

extern "C" {

cjs_splitter *cjs_splitter_new(const uint8_t *const *names, const size_t *lengths, size_t count,
                               size_t piece_bytes) {
    try {
        auto *splitter = new cjs_splitter();
        for (size_t i = 0; i < count; i++) {
            splitter->names.emplace_back(reinterpret_cast<const char *>(names[i]), lengths[i]);
        }
        splitter->streamed.assign(count, false);
        splitter->piece_bytes = piece_bytes > 0 ? piece_bytes : 1;
        return splitter;
    } catch (const std::bad_alloc &) {
        return nullptr;
    }
}

void cjs_splitter_free(cjs_splitter *splitter) { delete splitter; }

bool cjs_splitter_feed(cjs_splitter *splitter, const uint8_t *bytes, size_t length, const char **error) {
    try {
        if (!splitter->head_done) {
            // A UTF-8 byte order mark is skipped, as cjs_parse skips it.
            splitter->head.append(reinterpret_cast<const char *>(bytes), length);
            if (splitter->head.size() < 3) return true;
            splitter->head_done = true;
            std::string head = std::move(splitter->head);
            const size_t skip = head.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
            splitter->scan(reinterpret_cast<const uint8_t *>(head.data()) + skip, head.size() - skip);
        } else {
            splitter->scan(bytes, length);
        }
    } catch (const std::bad_alloc &) {
        splitter->failure = "out of memory";
    }
    if (splitter->failure != nullptr) *error = splitter->failure;
    return splitter->failure == nullptr;
}

bool cjs_splitter_finish(cjs_splitter *splitter, const char **error) {
    if (!splitter->head_done) {
        // Fewer than 3 bytes in all: no byte order mark, scanned as they are.
        std::string head = std::move(splitter->head);
        splitter->head_done = true;
        try {
            splitter->scan(reinterpret_cast<const uint8_t *>(head.data()), head.size());
        } catch (const std::bad_alloc &) {
            splitter->failure = "out of memory";
        }
    }
    if (splitter->failure == nullptr && (splitter->in_string || splitter->splitting || splitter->depth != 0)) {
        splitter->failure = "the body ends inside a value";
    }
    if (splitter->failure != nullptr) *error = splitter->failure;
    return splitter->failure == nullptr;
}

int cjs_splitter_next_piece(cjs_splitter *splitter, cjs_document *into, bool null_for_unreadable_scalars,
                            size_t *name, const char **error) {
    if (splitter->ready.empty()) return 0;
    piece next = std::move(splitter->ready.front());
    splitter->ready.pop_front();
    *name = next.name;
    return cjs_reparse(into, reinterpret_cast<const uint8_t *>(next.json.data()), next.json.size(),
                       null_for_unreadable_scalars, error)
               ? 1
               : -1;
}

cjs_document *cjs_splitter_envelope(cjs_splitter *splitter, bool null_for_unreadable_scalars, const char **error) {
    std::string envelope = std::move(splitter->envelope);
    return cjs_parse(reinterpret_cast<const uint8_t *>(envelope.data()), envelope.size(), null_for_unreadable_scalars,
                     error);
}

}  // extern "C"
