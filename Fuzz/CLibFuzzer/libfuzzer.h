// SPDX-License-Identifier: GPL-3.0-or-later

// libFuzzer's driver, from the toolchain's libclang_rt.fuzzer (linked by
// -sanitize=fuzzer). SwiftPM names every executable's entry point after its
// module, so the targets keep a Swift `main` that hands over to this driver
// instead of linking libFuzzer's own `main`.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*testOneInput)(const uint8_t *data, size_t size));
