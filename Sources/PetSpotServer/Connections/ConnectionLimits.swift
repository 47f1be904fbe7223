import PetSpotDomain

/// What one client may hold of the server. The defaults are far beyond what a
/// real client needs and short enough that clients which stall cannot pile up;
/// tests shorten them.
public struct ConnectionLimits: Sendable {
    /// From connecting (or from a request's head) until the request has been
    /// read whole. Stops clients that send half a request and go quiet.
    public var requestTimeout: Duration
    /// How long a keep-alive connection may wait for its next request.
    public var idleTimeout: Duration
    /// Open connections at most. One more closes the connection that has waited
    /// longest for a request, so a burst of idle clients never locks others out;
    /// kept well under the usual open-file limit of 1 024.
    public var maximumConnections: Int
    /// `requestTimeout` for a photo upload (`POST …/photos`), whose body may
    /// be 20 MiB: from its head until the request has been read whole.
    public var uploadTimeout: Duration

    public init(
        requestTimeout: Duration = .seconds(10), idleTimeout: Duration = .seconds(30), maximumConnections: Int = 512,
        uploadTimeout: Duration = .seconds(120)
    ) {
        self.requestTimeout = requestTimeout
        self.idleTimeout = idleTimeout
        self.maximumConnections = maximumConnections
        self.uploadTimeout = uploadTimeout
    }
}
