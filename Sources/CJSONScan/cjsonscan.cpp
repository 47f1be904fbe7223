// simdjson's DOM parser behind the C API of cjsonscan.h. Values are read
// straight off simdjson's tape (its documented format, through its own
// tape_ref reader) so that a value is just an index: no per-value allocation.
#include "cjsonscan.h"

#include <simdjson.h>

#include <algorithm>
#include <cstring>
#include <new>
#include <string>

using simdjson::internal::tape_ref;
using simdjson::internal::tape_type;

struct cjs_document {
    // One parser per document: the tape and the unescaped strings live in it,
    // and it is never reused, so they stay put until cjs_free.
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
        if (c == '"') {
            for (i++; i < length && out[i] != '"'; i++) {
                if (out[i] == '\\') i++;
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
        if (n >= 4 && probe.parse(out.data() + start, n, true).get(ignored) != simdjson::SUCCESS) {
            std::memcpy(&out[start], "null", 4);
            std::memset(&out[start + 4], ' ', n - 4);
            replaced = true;
        }
    }
    return replaced;
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

cjs_document *cjs_parse(const uint8_t *bytes, size_t length, bool null_for_unreadable_scalars,
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
    auto *document = new (std::nothrow) cjs_document();
    if (document == nullptr) {
        *error = "out of memory";
        return nullptr;
    }
    simdjson::dom::element root;
    // realloc_if_needed: simdjson copies the input into a padded buffer.
    simdjson::error_code code = document->parser.parse(bytes, length, true).get(root);
    if (code != simdjson::SUCCESS && null_for_unreadable_scalars && is_scalar_error(code)) {
        try {
            std::string cleaned;
            if (null_unreadable_scalars(bytes, length, cleaned) &&
                document->parser.parse(cleaned).get(root) == simdjson::SUCCESS) {
                code = simdjson::SUCCESS;
            }
        } catch (const std::bad_alloc &) {
            // Keep the first error.
        }
    }
    if (code != simdjson::SUCCESS) {
        *error = simdjson::error_message(code);
        delete document;
        return nullptr;
    }
    document->end = size_t(document->parser.doc.tape[0] & simdjson::internal::JSON_VALUE_MASK);
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

bool cjs_find_fields(const cjs_document *document, size_t index, const uint8_t *names,
                     const size_t *name_ends, size_t name_count, cjs_value *found) {
    if (index == 0 || index >= document->end) return false;
    const tape_ref object(&document->parser.doc, index);
    if (object.tape_ref_type() != tape_type::START_OBJECT) return false;
    for (size_t k = 0; k < name_count; k++) found[k].next = 0;
    size_t missing = name_count;
    const size_t close = object.matching_brace_index() - 1;
    for (size_t i = index + 1; i < close && missing > 0;) {
        const tape_ref key(&document->parser.doc, i);
        const size_t length = key.get_string_length();
        const char *text = key.get_c_str();
        size_t start = 0;
        for (size_t k = 0; k < name_count; start = name_ends[k], k++) {
            // Lengths and first bytes rule out nearly every name without a call.
            if (name_ends[k] - start == length && found[k].next == 0 &&
                (length == 0 || (names[start] == uint8_t(text[0]) &&
                                 std::memcmp(names + start, text, length) == 0))) {
                cjs_read(document, i + 1, &found[k]);
                missing--;
                break;
            }
        }
        i = tape_ref(&document->parser.doc, i + 1).after_element();
    }
    return true;
}

}  // extern "C"
