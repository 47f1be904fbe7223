// SPDX-License-Identifier: GPL-3.0-or-later

// simdjson's DOM parser behind the C API of cjsonscan.h. Values are read
// straight off simdjson's tape (its documented format, through its own
// tape_ref reader) so that a value is just an index: no per-value allocation.
#include "cjsonscan.h"

#include <simdjson.h>

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <string>

using simdjson::internal::tape_ref;
using simdjson::internal::tape_type;

struct cjs_document {
    // One parser per document: the tape and the unescaped strings live in it,
    // and stay put until cjs_free or cjs_reparse.
    simdjson::dom::parser parser;
    // Index of the closing root word: every value lies in [1, end).
    size_t end = 0;
};

namespace {

bool is_scalar_error(simdjson::error_code code) {
    using namespace simdjson;
    return code == NUMBER_ERROR || code == NUMBER_OUT_OF_RANGE ||
           code == STRING_ERROR || code == UNESCAPED_CHARS;
}

bool is_number_byte(char c) {
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

// A copy of the input where every string or number token that does not parse
// on its own is overwritten with `null` and spaces. Such tokens are at least
// 4 bytes long (a number out of range, a string with a bad escape); shorter
// ones are left for the parser to reject. False if nothing was replaced.
bool null_unreadable_scalars(const uint8_t *bytes, size_t length, std::string &out) {
    out.assign(reinterpret_cast<const char *>(bytes), length);
    simdjson::dom::parser probe;
    bool replaced = false;
    size_t i = 0;
    while (i < length) {
        const size_t start = i;
        const char c = out[i];
        // Only strings with an escape or a control character can fail on
        // their own (invalid UTF-8 fails the whole document anyway).
        bool suspect = true;
        if (c == '"') {
            suspect = false;
            for (i++; i < length && out[i] != '"'; i++) {
                if (out[i] == '\\') {
                    suspect = true;
                    i++;
                } else if (static_cast<unsigned char>(out[i]) < 0x20) {
                    suspect = true;
                }
            }
            i = std::min(i + 1, length);
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            while (i < length && is_number_byte(out[i])) i++;
        } else {
            i++;
            continue;
        }
        const size_t n = i - start;
        simdjson::dom::element ignored;
        if (suspect && n >= 4 && probe.parse(out.data() + start, n, true).get(ignored) != simdjson::SUCCESS) {
            std::memcpy(&out[start], "null", 4);
            std::memset(&out[start + 4], ' ', n - 4);
            replaced = true;
        }
    }
    return replaced;
}

// Bodies from this size on get huge pages for the buffers the parser fills.
// Parsing touches each of them once, front to back, so with 4 KiB pages the
// page faults cost more than the parsing itself (a 70 MB body: 120 ms, 55 ms
// with huge pages, on warm memory). Smaller bodies are not worth the 2 MiB
// granularity.
constexpr size_t huge_page = size_t(2) << 20;
constexpr size_t huge_pages_from = size_t(4) << 20;

// A hint to the kernel (Linux); failing, or being ignored, is harmless.
void advise_huge_pages(const void *start, size_t length) {
#ifdef MADV_HUGEPAGE
    const uintptr_t page = uintptr_t(sysconf(_SC_PAGESIZE));
    const uintptr_t first = (uintptr_t(start) + page - 1) / page * page;
    const uintptr_t end = (uintptr_t(start) + length) / page * page;
    if (end > first) madvise(reinterpret_cast<void *>(first), end - first, MADV_HUGEPAGE);
#else
    (void)start;
    (void)length;
#endif
}

simdjson::error_code parse_into(cjs_document *document, const uint8_t *bytes, size_t length) {
    simdjson::dom::element root;
    if (length < huge_pages_from) {
        // realloc_if_needed: simdjson copies the input into a padded buffer.
        return document->parser.parse(bytes, length, true).get(root);
    }
    simdjson::dom::parser &parser = document->parser;
    // Our own padded copy, freed once parsed: the document keeps no pointer
    // into its input (strings are unescaped into its own buffer).
    const size_t size = (length + simdjson::SIMDJSON_PADDING + huge_page - 1) / huge_page * huge_page;
    std::unique_ptr<uint8_t, decltype(&std::free)> padded(
        static_cast<uint8_t *>(std::aligned_alloc(huge_page, size)), &std::free);
    if (!padded) return simdjson::MEMALLOC;
    advise_huge_pages(padded.get(), size);
    std::memcpy(padded.get(), bytes, length);
    std::memset(padded.get() + length, 0, simdjson::SIMDJSON_PADDING);
    // Allocated ahead (as the parser would) so that the tape and the string
    // buffer can be advised; the sizes are lower bounds of simdjson's own.
    if (const auto error = parser.allocate(length); error != simdjson::SUCCESS) return error;
    if (const auto error = parser.doc.allocate(length); error != simdjson::SUCCESS) return error;
    advise_huge_pages(parser.doc.tape.get(), (length + 3) * sizeof(uint64_t));
    advise_huge_pages(parser.doc.string_buf.get(), 5 * length / 3);
    return parser.parse(padded.get(), length, false).get(root);
}

size_t container_count(const tape_ref &container, bool object) {
    const size_t count = container.scope_count();
    if (count < simdjson::internal::JSON_COUNT_MASK) return count;
    // The tape saturates the count: walk the children.
    size_t walked = 0;
    const size_t close = container.matching_brace_index() - 1;
    for (size_t i = container.json_index + 1; i < close; walked++) {
        if (object) i++;  // the key
        i = tape_ref(container.doc, i).after_element();
    }
    return walked;
}

}  // namespace

extern "C" {

bool cjs_reparse(cjs_document *document, const uint8_t *bytes, size_t length, bool null_for_unreadable_scalars,
                 const char **error) {
    static const uint8_t nothing[1] = {0};
    if (bytes == nullptr) {
        bytes = nothing;
        length = 0;
    }
    if (length >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF) {
        bytes += 3;
        length -= 3;
    }
    document->end = 0;  // until a parse succeeds, no value can be read
    simdjson::error_code code = parse_into(document, bytes, length);
    if (code != simdjson::SUCCESS && null_for_unreadable_scalars && is_scalar_error(code)) {
        try {
            std::string cleaned;
            if (null_unreadable_scalars(bytes, length, cleaned) &&
                parse_into(document, reinterpret_cast<const uint8_t *>(cleaned.data()), cleaned.size()) ==
                    simdjson::SUCCESS) {
                code = simdjson::SUCCESS;
            }
        } catch (const std::bad_alloc &) {
            // Keep the first error.
        }
    }
    if (code != simdjson::SUCCESS) {
        *error = simdjson::error_message(code);
        return false;
    }
    document->end = size_t(document->parser.doc.tape[0] & simdjson::internal::JSON_VALUE_MASK);
    return true;
}

cjs_document *cjs_parse(const uint8_t *bytes, size_t length, bool null_for_unreadable_scalars,
                        const char **error) {
    auto *document = new (std::nothrow) cjs_document();
    if (document == nullptr) {
        *error = "out of memory";
        return nullptr;
    }
    if (!cjs_reparse(document, bytes, length, null_for_unreadable_scalars, error)) {
        delete document;
        return nullptr;
    }
    return document;
}

void cjs_free(cjs_document *document) { delete document; }

size_t cjs_root(const cjs_document *) { return 1; }

bool cjs_read(const cjs_document *document, size_t index, cjs_value *value) {
    if (index == 0 || index >= document->end) return false;
    const tape_ref t(&document->parser.doc, index);
    value->index = index;
    value->bits = 0;
    value->string = nullptr;
    value->length = 0;
    value->count = 0;
    value->next = index + 1;
    switch (t.tape_ref_type()) {
    case tape_type::START_ARRAY:
        value->kind = CJS_ARRAY;
        value->count = container_count(t, false);
        value->next = t.matching_brace_index();
        return true;
    case tape_type::START_OBJECT:
        value->kind = CJS_OBJECT;
        value->count = container_count(t, true);
        value->next = t.matching_brace_index();
        return true;
    case tape_type::STRING:
        value->kind = CJS_STRING;
        value->string = reinterpret_cast<const uint8_t *>(t.get_c_str());
        value->length = t.get_string_length();
        return true;
    case tape_type::INT64:
        value->kind = CJS_INT64;
        value->bits = t.next_tape_value<uint64_t>();
        value->next = index + 2;
        return true;
    case tape_type::UINT64:
        value->kind = CJS_UINT64;
        value->bits = t.next_tape_value<uint64_t>();
        value->next = index + 2;
        return true;
    case tape_type::DOUBLE:
        value->kind = CJS_DOUBLE;
        value->bits = t.next_tape_value<uint64_t>();
        value->next = index + 2;
        return true;
    case tape_type::TRUE_VALUE:
        value->kind = CJS_TRUE;
        return true;
    case tape_type::FALSE_VALUE:
        value->kind = CJS_FALSE;
        return true;
    case tape_type::NULL_VALUE:
        value->kind = CJS_NULL;
        return true;
    default:  // a closing bracket or the root word: not a value
        return false;
    }
}

size_t cjs_name_hash(const uint8_t *bytes, size_t length) {
    if (length == 0) return 0;
    return (length * 31 + bytes[0] * 7 + bytes[length - 1]) % CJS_NAME_BUCKETS;
}

bool cjs_find_fields(const cjs_document *document, size_t index, const cjs_names *names, cjs_value *found) {
    if (index == 0 || index >= document->end) return false;
    const tape_ref object(&document->parser.doc, index);
    if (object.tape_ref_type() != tape_type::START_OBJECT) return false;
    std::fill(found, found + names->count, cjs_value{});  // kind null, next 0: absent
    size_t missing = names->count;
    const size_t close = object.matching_brace_index() - 1;
    for (size_t i = index + 1; i < close && missing > 0;) {
        const tape_ref key(&document->parser.doc, i);
        const size_t length = key.get_string_length();
        const uint8_t *text = reinterpret_cast<const uint8_t *>(key.get_c_str());
        // A hash bucket rather than every name: usually one memcmp per key.
        for (size_t k = names->buckets[cjs_name_hash(text, length)]; k != 0; k = names->chain[k - 1]) {
            const size_t start = k == 1 ? 0 : names->ends[k - 2];
            if (names->ends[k - 1] - start == length && std::memcmp(names->bytes + start, text, length) == 0) {
                if (found[k - 1].next == 0) {
                    cjs_read(document, i + 1, &found[k - 1]);
                    missing--;
                }
                break;
            }
        }
        i = tape_ref(&document->parser.doc, i + 1).after_element();
    }
    return true;
}

}  // extern "C"
