// SPDX-License-Identifier: GPL-3.0-or-later

// CJSONScan: a plain C face for simdjson's DOM parser, so Swift can use it
// without C++ interop. Values are named by their index on the parsed tape;
// an index is only meaningful for the document it came from.
#ifndef CJSONSCAN_H
#define CJSONSCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cjs_document cjs_document;

typedef enum cjs_kind {
    CJS_NULL,
    CJS_FALSE,
    CJS_TRUE,
    CJS_INT64,
    CJS_UINT64,
    CJS_DOUBLE,
    CJS_STRING,
    CJS_ARRAY,
    CJS_OBJECT,
} cjs_kind;

/// One value as read from the tape.
typedef struct cjs_value {
    cjs_kind kind;
    /// Index of this value; its first element or key is at index + 1.
    size_t index;
    /// Index of what follows this value: its next sibling, or the end of its
    /// container. Never 0, so 0 marks "no value" where one may be missing.
    size_t next;
    /// Numbers: the int64, uint64 or IEEE double bits, by kind.
    uint64_t bits;
    /// Strings: UTF-8 bytes (valid, unescaped), owned by the document.
    const uint8_t *string;
    size_t length;
    /// Arrays: elements; objects: fields.
    size_t count;
} cjs_value;

/// Parses `length` bytes (copied, so they need no padding; a UTF-8 byte order
/// mark is skipped). With `null_for_unreadable_scalars`, numbers out of range
/// and strings that cannot be read (bad escapes, unpaired surrogates, raw
/// control characters) read as null instead of failing the whole document.
/// Returns NULL on failure with a short static message in `*error`.
cjs_document *cjs_parse(const uint8_t *bytes, size_t length, bool null_for_unreadable_scalars,
                        const char **error);

/// Parses into `document` as cjs_parse would, reusing its memory; what it
/// held is gone, even when this fails (false, with `*error` set).
bool cjs_reparse(cjs_document *document, const uint8_t *bytes, size_t length, bool null_for_unreadable_scalars,
                 const char **error);

void cjs_free(cjs_document *document);

/// The index of the top-level value.
size_t cjs_root(const cjs_document *document);

/// Reads the value at `index`; false if `index` names no value.
bool cjs_read(const cjs_document *document, size_t index, cjs_value *value);

/// Distinct names looked up together, prepared once by the caller.
typedef struct cjs_names {
    /// The names concatenated; name i ends at `ends[i]`.
    const uint8_t *bytes;
    const size_t *ends;
    size_t count;
    /// CJS_NAME_BUCKETS entries: 1 + the first name whose cjs_name_hash is
    /// the entry's position, or 0; `chain[i]`: 1 + the next such name after i, or 0.
    const size_t *buckets;
    const size_t *chain;
} cjs_names;

#define CJS_NAME_BUCKETS 256

/// The bucket of a name, below CJS_NAME_BUCKETS.
size_t cjs_name_hash(const uint8_t *bytes, size_t length);

/// For the object at `index`: the value of each name into `found` (one per
/// name), with `next` 0 (and kind null) when absent. The first of duplicate keys wins. One
/// pass over the object. False if `index` is not an object.
bool cjs_find_fields(const cjs_document *document, size_t index, const cjs_names *names, cjs_value *found);

#ifdef __cplusplus
}
#endif

#endif
