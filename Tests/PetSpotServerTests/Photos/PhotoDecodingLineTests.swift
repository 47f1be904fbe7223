// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import NIOHTTP1
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotServer

/// Each upload waiting for the photo decoder holds its whole body while no
/// deadline runs, so only a few may wait; the rest are told to come back.
@Suite("Uploads waiting for the photo decoder are capped")
struct PhotoDecodingLineTests {
    @Test(
        "with the decoder busy and no room to wait, an upload is a 503 BUSY with Retry-After; then uploads go through",
        arguments: StorageEngineUnderTest.all)
    func busyDecoderRefusesExtraUploads(engine: StorageEngineUnderTest) async throws {
        let (holding, holdingStarted) = AsyncStream.makeStream(of: Void.self)
        let (release, releaseDecoder) = AsyncStream.makeStream(of: Void.self)
        try await ServerFixture.with(
            engine: engine,
            configure: { configuration, _ in
                configuration.maximumPhotosWaitingToDecode = 0
                let arrivals = Arrivals()
                configuration.beforeDecodingPhoto = {
                    // Only the first upload keeps the decoder busy, so a later one let in goes straight through.
                    guard await arrivals.next() == 1 else { return }
                    holdingStarted.yield()
                    for await _ in release {}
                }
            }
        ) { fixture in
            let (_, id, password) = try await fixture.createReport()
            let send = { @Sendable in
                try await fixture.send(
                    "/api/v1/announcements/\(id)/photos", body: PhotoUploadTests.photo(TestImages.png),
                    contentType: PhotoUploadTests.multipartType,
                    headers: [("Authorization", PhotoUploadTests.basic("petspot", password))])
            }
            let first = Task { try await send() }
            var holdings = holding.makeAsyncIterator()
            _ = await holdings.next()  // the first upload is at the decoder

            let refused = try await send()
            #expect(refused.status == 503, "\(refused.text)")
            #expect(refused.errorBody?.code == "BUSY")
            #expect(refused.headers["retry-after"].first == "5")

            releaseDecoder.finish()
            let stored = try await first.value
            #expect(stored.status == 201, "\(stored.text)")
            let again = try await send()
            #expect(again.status == 201, "\(again.text)")
        }
    }
}

/// Counts the uploads that reached the decoder's line.
private actor Arrivals {
    private var count = 0

    func next() -> Int {
        count += 1
        return count
    }
}
