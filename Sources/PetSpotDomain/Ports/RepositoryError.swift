// SPDX-License-Identifier: GPL-3.0-or-later

/// Why a request to the backend failed, in terms the UI can act on. The
/// technical detail (`badResponse`'s payload) is for the log, not for people.
public enum RepositoryError: Error, Sendable, Hashable {
    /// No connection could be made (refused, unknown host, connect timeout).
    case unreachable
    /// Connected, but the answer did not arrive before the deadline.
    case timedOut
    /// A non-2xx status, an unreadable or oversized body.
    case badResponse(String)
    /// The whole list is larger than the app reads (`limitBytes`, a setting):
    /// refused unread, or as soon as it grew past it, rather than exhausting memory.
    case listTooLarge(limitBytes: Int)
    /// The announcement asked for does not exist (404 from the details endpoint).
    case notFound
    /// The request was cancelled: by the caller (a newer map request replaced
    /// it) or, now and then, by the HTTP client itself.
    case cancelled
}
