// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GLibKit
import GtkKit
import PetSpotDomain
import PetSpotPresentation
import PetSpotUI
import ShumateKit

/// Whether the map stays responsive with 10 000 reports in view: a 1280 × 800
/// window with the map and the page's own `MapMarkers`.
/// 10 000 pins land as a region answer would, the zoom changes by a level and
/// back, and the map is panned a few pixels every frame; meanwhile a
/// `MainLoopProbe` records the longest main-loop iteration, and each frame's
/// main-thread work and interval are recorded. The same pan over a map with
/// no markers is the reference. `make bench` runs it under Xvfb with
/// `GSK_RENDERER=cairo`, the software renderer, with the app's style sheet.
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
    static let panFrames = 240
    /// Frames watched after a zoom change on the bare map (the zoom settles within 2–5).
    static let zoomSettleFrames = 5
    /// A frame budget at 60 Hz, and what counts as a missed frame (an interval
    /// one and a half refreshes long).
    static let frameBudget = Duration.milliseconds(16)
    static let missedFrameInterval = Duration.microseconds(25_000)

    static func run(pins: [MapPin]) async -> [Measurement] {
        guard PlainWindow.openDisplay() else {
            print("map panning: skipped (no display)")
            return []
        }
        AppStyle.install()
        let scene = MapScene()
        defer { scene.close() }
        await scene.waitForFrame { scene.map.visibleCorners != nil }
        let probe = MainLoopProbe()
        probe.start()
        defer { probe.stop() }
        var results: [Measurement] = []

        // The references: the same pan and zoom changes with no markers.
        results += await pan(scene, probe: probe, label: "no markers (reference)")
        results.append(await zoom(scene, to: zoomLevel + 1, probe: probe, label: "zoom in a level"))
        results.append(await zoom(scene, to: zoomLevel, probe: probe, label: "zoom back out"))

        // A region answer with every pin lands; then one with the same pins
        // (a refetch that changes nothing); then a zoom level in and back out,
        // which renames every cluster.
        let markers = MapMarkers(layer: scene.layer)
        results.append(await land(pins, zoomLevel: zoomLevel, on: markers, scene, probe: probe, label: "first answer"))
        print(
            "map: \(scene.layer.count) markers for \(pinsInView(pins, corners: scene.map.visibleCorners)) of "
                + "\(pins.count) pins in view, renderer \(scene.window.rendererName ?? "unknown")")
        results.append(
            await land(pins, zoomLevel: zoomLevel, on: markers, scene, probe: probe, label: "same answer again"))
        scene.map.zoomLevel = zoomLevel + 1
        results.append(
            await land(pins, zoomLevel: zoomLevel + 1, on: markers, scene, probe: probe, label: "zoom in a level"))
        scene.map.zoomLevel = zoomLevel
        results.append(await land(pins, zoomLevel: zoomLevel, on: markers, scene, probe: probe, label: "zoom back out"))

        results += await pan(scene, probe: probe, label: "\(scene.layer.count) markers")
        return results
    }

    /// `markers.show` as the page calls it when a region answer lands: the
    /// time until every marker is on the map, with frames drawn meanwhile.
    private static func land(
        _ pins: [MapPin], zoomLevel: Double, on markers: MapMarkers, _ scene: MapScene, probe: MainLoopProbe,
        label: String
    ) async -> Measurement {
        let clock = ContinuousClock()
        probe.reset()
        let started = clock.now
        markers.show(pins, zoomLevel: zoomLevel)
        await scene.waitForFrame { markers.isSettled }
        let elapsed = clock.now - started
        // The frame that lays out and draws the last markers.
        await scene.waitForFrame { true }
        return Measurement(
            name: "map markers, \(label)", median: elapsed, runs: 1,
            detail: "until all shown; longest main-loop iteration \(trimmed(probe.longestIteration)) "
                + "of \(probe.iterationCount), \(probe.overBudgetCount) over 16 ms")
    }

    /// A zoom change on the map with no markers: what libshumate itself costs,
    /// the reference for the markers settling after a zoom change.
    private static func zoom(_ scene: MapScene, to level: Double, probe: MainLoopProbe, label: String) async
        -> Measurement
    {
        let clock = ContinuousClock()
        scene.map.zoomLevel = level
        probe.reset()
        let started = clock.now
        var frames = 0
        // As many frames as markers take to settle after a zoom change.
        await scene.waitForFrame {
            frames += 1
            return frames > zoomSettleFrames
        }
        return Measurement(
            name: "map \(label), no markers (reference)", median: clock.now - started, runs: 1,
            detail: "\(zoomSettleFrames) frames; longest main-loop iteration \(trimmed(probe.longestIteration)) "
                + "of \(probe.iterationCount), \(probe.overBudgetCount) over 16 ms")
    }

    /// One pan step per frame, as a drag moves the map: east, then back west.
    private static func pan(_ scene: MapScene, probe: MainLoopProbe, label: String) async -> [Measurement] {
        let clock = ContinuousClock()
        let degreesPerPixel = 360 / (256 * pow(2, zoomLevel))
        var intervals: [Duration] = []
        var previousTick: ContinuousClock.Instant?
        var step = 0
        var panWork: [Duration] = []
        scene.frameWork.start()
        probe.reset()
        await scene.waitForFrame {
            let now = clock.now
            if let previousTick { intervals.append(now - previousTick) }
            previousTick = now
            guard step < panFrames else {
                panWork = scene.frameWork.stop()  // this frame moves nothing
                return true
            }
            let direction = step < panFrames / 2 ? 1.0 : -1.0
            var centre = scene.map.centre
            centre.longitude += direction * panPixelsPerFrame * degreesPerPixel
            scene.map.centre = centre
            step += 1
            return false
        }
        let longest = probe.longestIteration
        return [
            Measurement(
                name: "map pan frame work, \(label)", median: median(panWork), runs: panWork.count,
                detail: summary(panWork, over: frameBudget, overLabel: "over 16 ms")),
            Measurement(
                name: "map pan frame interval, \(label)", median: median(intervals), runs: intervals.count,
                detail: summary(intervals, over: missedFrameInterval, overLabel: "over 25 ms (missed)")),
            Measurement(
                name: "map pan longest main-loop iteration, \(label)", median: longest, runs: 1,
                detail: "of \(probe.iterationCount) iterations, \(probe.overBudgetCount) over 16 ms"),
        ]
    }

    private static func pinsInView(_ pins: [MapPin], corners: [MapLocation]?) -> Int {
        guard let corners, corners.count == 4 else { return 0 }
        let latitudes = corners.map(\.latitude)
        let longitudes = corners.map(\.longitude)
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
        // Which frame was slowest: the first one, or one mid-pan.
        let slowest = samples.indices.max { samples[$0] < samples[$1] }!
        return "p95 \(trimmed(p95)), max \(trimmed(sorted.last!)) (frame \(slowest + 1)), \(over) \(overLabel)"
    }

    private static func trimmed(_ duration: Duration) -> String {
        Measurement.format(duration).trimmingCharacters(in: .whitespaces)
    }
}

/// A window with the map and one marker layer, as the Map page has.
@MainActor
private final class MapScene {
    let map = SimpleMap(accessibleLabel: "Map of reports")
    let layer: MarkerLayer
    let window: PlainWindow
    let frameWork = FrameWorkRecorder()

    init() {
        layer = map.addMarkerLayer()
        map.setExpand(horizontal: true, vertical: true)
        map.zoomLevel = MapPanningBenchmark.zoomLevel
        map.centre = MapPanningBenchmark.warsaw
        window = PlainWindow(child: map, width: MapPanningBenchmark.width, height: MapPanningBenchmark.height)
        window.present()
        window.onFrameWork { [frameWork] in frameWork.frameFinished(taking: $0) }
    }

    func close() { window.destroy() }

    /// Resumes at the first frame for which `done` returns true; `done` runs
    /// once per frame, in the frame's update phase.
    func waitForFrame(until done: @escaping @MainActor () -> Bool) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            window.onEveryFrame {
                guard done() else { return true }
                continuation.resume()
                return false
            }
        }
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
