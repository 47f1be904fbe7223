// SPDX-License-Identifier: GPL-3.0-or-later

// A streamed JSON object whose large arrays are parsed a piece at a time:
// the body is fed as it arrives, and never held whole.
#ifndef CJSONSPLIT_H
#define CJSONSPLIT_H

#include "cjsonscan.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cjs_splitter cjs_splitter;

/// A splitter for a top-level object whose arrays under the `count` names of
/// `names` (the first occurrence of each name, written without escapes or
/// with) are cut into arrays of whole elements of about `piece_bytes` each.
/// Everything else, those arrays written as `[]`, is the envelope. Each
/// piece and the envelope is parsed on its own by simdjson, so together they
/// validate the whole body: a body is accepted only if it is one JSON object.
/// NULL when out of memory.
cjs_splitter *cjs_splitter_new(const uint8_t *const *names, const size_t *lengths, size_t count,
                               size_t piece_bytes);

void cjs_splitter_free(cjs_splitter *splitter);

/// Scans the next `length` bytes of the body. False when they cannot belong
/// to a JSON object (a short static reason in `*error`).
bool cjs_splitter_feed(cjs_splitter *splitter, const uint8_t *bytes, size_t length, const char **error);

/// The body has ended: false when it stopped inside a value.
bool cjs_splitter_finish(cjs_splitter *splitter, const char **error);

/// The next piece ready (an array; `*name` is the index of the name it
/// belongs to), parsed into `into` (see cjs_reparse), its bytes dropped:
/// 1 when parsed, 0 when none is ready, -1 when it is not valid JSON
/// (`*error` set).
int cjs_splitter_next_piece(cjs_splitter *splitter, cjs_document *into, bool null_for_unreadable_scalars,
                            size_t *name, const char **error);

/// After cjs_splitter_finish and every piece: the envelope, parsed; NULL
/// with `*error` set when it is not valid JSON. The caller frees it.
cjs_document *cjs_splitter_envelope(cjs_splitter *splitter, bool null_for_unreadable_scalars, const char **error);

#ifdef __cplusplus
}
#endif

#endif
