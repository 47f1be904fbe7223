import Foundation
import GtkKit
import PetSpotDomain
import PetSpotPresentation
import PetSpotUI
import ShumateKit

/// Whether the map stays responsive with 10 000 reports in view (issue 8,
/// item 12): a 1280 × 800 window with the map, markers built as the map page
/// builds them, panned a few pixels every frame while each frame's main-thread
/// work (update, layout, snapshot, render) and the interval between frames are
/// recorded. `make bench` runs it under Xvfb with `GSK_RENDERER=cairo`, the
/// software renderer. The app's CSS is not loaded (it is internal to the UI
/// target): the markers get libadwaita's button style, not the page's.
@MainActor
enum MapPanningBenchmark {
    static let width: Int32 = 1280
    static let height: Int32 = 800
    static let warsaw = MapLocation(latitude: 52.2297, longitude: 21.0122)
    /// Every synthetic pin is within ±0.3° of longitude and ±0.18° of latitude
    /// of the centre: ±310 and ±300 pixels at this zoom, inside the window even
    /// after the pan's 480-pixel swing (see `pinsInView`).
    static let zoomLevel = 10.5
    static let panPixelsPerFrame = 4.0
    /// A frame budget at 60 Hz, and what counts as a missed frame (an interval
    /// one and a half refreshes long).
    static let frameBudget = Duration.milliseconds(16)
    static let missedFrameInterval = Duration.microseconds(25_000)

    static func run(pins: [MapPin]) async -> [Measurement] {
        guard PlainWindow.openDisplay() else {
            print("map panning: skipped (no display)")
            return []
        }
        // The page's path: one marker per cluster at the zoom level.
        var results = await panScenario(
            label: "page markers", pins: pins, rebuildRuns: 5, panFrames: 240,
            markers: { PinClustering.markers(for: pins, zoomLevel: zoomLevel) })
        // An upper bound the page never reaches: a widget for every pin (fewer
        // frames, as each takes long).
        results += await panScenario(
            label: "unclustered", pins: pins, rebuildRuns: 1, panFrames: 40, markers: { pins.map(MapMarker.pin) })
        return results
    }

    private static func panScenario(
        label: String, pins: [MapPin], rebuildRuns: Int, panFrames: Int, markers makeMarkers: () -> [MapMarker]
    ) async -> [Measurement] {
        let map = SimpleMap(accessibleLabel: "Map of reports")
        let layer = map.addMarkerLayer()
        map.setExpand(horizontal: true, vertical: true)
        map.zoomLevel = zoomLevel
        map.centre = warsaw
        let window = PlainWindow(child: map, width: width, height: height)
        defer { window.destroy() }
        window.present()
        let frameWork = FrameWorkRecorder()
        window.onFrameWork { frameWork.frameFinished(taking: $0) }
        await waitForFrame(on: window) { map.visibleCorners != nil }

        // What the page does when a new region lands: cluster, then a Marker
        // with a Button per marker (the page only replaces changed ones; this
        // is its first, full build).
        let clock = ContinuousClock()
        var rebuilds: [Duration] = []
        var markerCount = 0
        for _ in 0..<rebuildRuns {
            layer.removeAll()
            rebuilds.append(clock.measure {
                let markers = makeMarkers()
                markerCount = markers.count
                for marker in markers {
                    layer.add(Marker(location: MapLocation(marker.coordinate), child: MapMarkerButton.make(for: marker) {}))
                }
            })
        }
        // The first frame lays out and draws every new marker widget.
        frameWork.start()
        await waitForFrame(on: window) { !frameWork.samples.isEmpty }
        let firstFrame = frameWork.stop()[0]

        let inView = pinsInView(pins, corners: map.visibleCorners)
        print("map panning, \(label): \(markerCount) markers, \(inView) of \(pins.count) pins in view, "
            + "renderer \(window.rendererName ?? "unknown")")

        // One pan step per frame, as a drag moves the map: east, then back west.
        let degreesPerPixel = 360 / (256 * pow(2, zoomLevel))
        var intervals: [Duration] = []
        var previousTick: ContinuousClock.Instant?
        var step = 0
        var panWork: [Duration] = []
        frameWork.start()
        await waitForFrame(on: window) {
            let now = clock.now
            if let previousTick { intervals.append(now - previousTick) }
            previousTick = now
            guard step < panFrames else {
                panWork = frameWork.stop()  // this frame moves nothing
                return true
            }
            let direction = step < panFrames / 2 ? 1.0 : -1.0
            var centre = map.centre
            centre.longitude += direction * panPixelsPerFrame * degreesPerPixel
            map.centre = centre
            step += 1
            return false
        }

        return [
            Measurement(
                name: "map marker rebuild, \(label) (\(markerCount))", median: median(rebuilds), runs: rebuildRuns,
                detail: "cluster + Marker and Button each"),
            Measurement(name: "map first frame after the rebuild, \(label)", median: firstFrame, runs: 1, detail: ""),
            Measurement(
                name: "map pan frame work, \(label)", median: median(panWork), runs: panWork.count,
                detail: summary(panWork, over: frameBudget, overLabel: "over 16 ms")),
            Measurement(
                name: "map pan frame interval, \(label)", median: median(intervals), runs: intervals.count,
                detail: summary(intervals, over: missedFrameInterval, overLabel: "over 25 ms (missed)")),
        ]
    }

    /// Resumes at the first frame for which `done` returns true; `done` runs
    /// once per frame, in the frame's update phase.
    private static func waitForFrame(on window: PlainWindow, until done: @escaping @MainActor () -> Bool) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            window.onEveryFrame {
                guard done() else { return true }
                continuation.resume()
                return false
            }
        }
    }

    private static func pinsInView(_ pins: [MapPin], corners: [MapLocation]?) -> Int {
        guard let corners, corners.count == 4 else { return 0 }
        let latitudes = corners.map(\.latitude), longitudes = corners.map(\.longitude)
        let latitudeRange = latitudes.min()!...latitudes.max()!
        let longitudeRange = longitudes.min()!...longitudes.max()!
        return pins.count {
            latitudeRange.contains($0.coordinate.latitude) && longitudeRange.contains($0.coordinate.longitude)
        }
    }

    private static func median(_ samples: [Duration]) -> Duration {
        samples.isEmpty ? .zero : samples.sorted()[samples.count / 2]
    }

    private static func summary(_ samples: [Duration], over limit: Duration, overLabel: String) -> String {
        guard !samples.isEmpty else { return "no frames" }
        let sorted = samples.sorted()
        let p95 = sorted[min(sorted.count - 1, sorted.count * 95 / 100)]
        let over = samples.count { $0 > limit }
        // Which frame was slowest: the first after a rebuild, or one mid-pan.
        let slowest = samples.indices.max { samples[$0] < samples[$1] }!
        return "p95 \(trimmed(p95)), max \(trimmed(sorted.last!)) (frame \(slowest + 1)), \(over) \(overLabel)"
    }

    private static func trimmed(_ duration: Duration) -> String {
        Measurement.format(duration).trimmingCharacters(in: .whitespaces)
    }
}

/// Collects the main-thread work of each frame while started.
@MainActor
private final class FrameWorkRecorder {
    private(set) var samples: [Duration] = []
    private var isRecording = false

    func start() {
        samples = []
        isRecording = true
    }

    func stop() -> [Duration] {
        isRecording = false
        return samples
    }

    func frameFinished(taking duration: Duration) {
        if isRecording { samples.append(duration) }
    }
}
