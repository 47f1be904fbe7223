// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging
import NIOCore
import PetSpotDomain

/// Fetches photo bytes. A photo that cannot be had is simply absent (the UI
/// shows a placeholder), so failures are logged, not thrown.
public protocol PhotoFetching: Sendable {
    func photo(at url: URL) async -> PhotoFetchResult
}

public enum PhotoFetchResult: Sendable {
    case data(Data)
    /// Will not appear by asking again: 4xx, a refused scheme, too large.
    case missing
    /// May work next time: network trouble, a timeout, a server error.
    case failed
}

/// Photos over HTTP(S) only, with a size cap and a deadline, on the same
/// process-wide clients as the announcement repository.
public struct HTTPPhotoFetcher: PhotoFetching {
    public var maxBytes: Int
    public var connectTimeout: Duration
    public var deadline: Duration
    private let logger: Logger

    public init(
        maxBytes: Int = PhotoLimits.maximumBytes, connectTimeout: Duration = .seconds(5),
        deadline: Duration = .seconds(30), logger: Logger = .petSpotClient
    ) {
        self.maxBytes = maxBytes
        self.connectTimeout = connectTimeout
        self.deadline = deadline
        self.logger = logger
    }

    @concurrent
    public func photo(at url: URL) async -> PhotoFetchResult {
        // Validation already drops other schemes; this guard keeps the rule local.
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            logger.warning("Refusing to load photo with scheme \(url.scheme ?? "none")")
            return .missing
        }
        let request = BoundedRequest.get(
            url: url.absoluteString, accept: "image/*", connectTimeout: connectTimeout, deadline: deadline)
        do {
            let response = try await request.execute()
            guard (200..<300).contains(response.status) else {
                logger.info("Photo \(url.absoluteString): HTTP \(response.status)")
                return (400..<500).contains(response.status) ? .missing : .failed
            }
            return .data(try await response.body(upTo: maxBytes))
        } catch is NIOTooManyBytesError {
            logger.info("Photo \(url.absoluteString) is larger than \(maxBytes) bytes")
            return .missing
        } catch {
            if !Task.isCancelled {
                logger.info("Photo \(url.absoluteString) not loaded: \(error)")
            }
            return .failed
        }
    }
}
