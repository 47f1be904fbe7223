#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs the libFuzzer targets that `make fuzz-build` put in .build-asan, one
# after another, and prints each one's figures.
#
#   Fuzz/run-fuzz.sh long  TARGET…   FUZZ_SECONDS each (default 60), growing
#                                    .build-asan/corpus/TARGET from the seeds
#   Fuzz/run-fuzz.sh short TARGET…   the seeds plus FUZZ_RUNS mutations each
#                                    (default 20000), fixed random seed, nothing kept
#
# Exits non-zero when any target found a crash, a leak, a timeout or ran out
# of memory; the input that did it is in .build-asan/findings/TARGET/ (not
# artifacts/, which SwiftPM owns).
set -uo pipefail
cd "$(dirname "$0")/.."

mode=${1:?long or short}
shift
scratch=.build-asan
seconds=${FUZZ_SECONDS:-60}
runs=${FUZZ_RUNS:-20000}

# The longest input worth trying: JSON bodies hold the 100 000-deep nesting
# seed; dates longer than 64 bytes are refused unread; image headers are
# looked for in the first 64 KiB; a query string of 1 KiB holds every case.
max_len() {
    case $1 in
        DecodeList | DecodeDetail) echo 262144 ;;
        WireDates) echo 128 ;;
        ImageHeader) echo 70000 ;;
        AreaQuery) echo 1024 ;;
        *) echo "unknown fuzz target $1" >&2; return 1 ;;
    esac
}

# A crash must end the run at once, not wait on the Swift backtracer.
export SWIFT_BACKTRACE=enable=no
failed=0
printf '%-14s %12s %8s %9s %8s %6s %9s %5s\n' target executions seconds exec/s crashes leaks timeouts ooms
for target in "$@"; do
    binary=$scratch/debug/Fuzz$target
    seeds=Fuzz/corpus/$target
    findings=$scratch/findings/$target/
    log=$scratch/logs/$target-$mode.log
    mkdir -p "$findings" "$(dirname "$log")"
    if [ "$mode" = long ]; then
        corpus=$scratch/corpus/$target
        mkdir -p "$corpus"
        budget=(-max_total_time="$seconds")
    else
        corpus=$(mktemp -d "$scratch/short-corpus.XXXXXX")
        budget=(-runs="$runs" -seed=1)
    fi
    before=$(ls "$findings" | sort)
    start=$(date +%s.%N)
    "$binary" "$corpus" "$seeds" "${budget[@]}" -max_len="$(max_len "$target")" -timeout=10 \
        -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$findings" >"$log" 2>&1
    status=$?
    elapsed=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
    [ "$mode" = short ] && rm -rf "$corpus"

    new=$(comm -13 <(echo "$before") <(ls "$findings" | sort))
    count() { echo "$new" | grep -c "^$1-" ; }
    executions=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
    # A crash report may come without the final stats: the last progress line.
    [ -n "$executions" ] || executions=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#')
    executions=${executions:-0}
    rate=$(awk -v n="$executions" -v s="$elapsed" 'BEGIN { printf "%d", (s > 0 ? n / s : 0) }')
    printf '%-14s %12d %8.0f %9d %8d %6d %9d %5d\n' "$target" "$executions" "$elapsed" "$rate" \
        "$(count crash)" "$(count leak)" "$(count timeout)" "$(count oom)"
    if [ "$status" -ne 0 ] || [ -n "$new" ]; then
        failed=1
        echo "== $target failed (exit $status). Reproduce: $binary $findings<file>  (log: $log)"
        grep -E 'ERROR: |Fatal error|Fuzz property failed|SUMMARY|Test unit written' "$log" | cut -c1-300 | tail -8
    fi
done
exit $failed
