import Foundation
import Hummingbird
import PetSpotDomain

/// `GET /images/{file}`: photos from one directory, with their image content type.
struct ImageRoutes: Sendable {
    let directory: URL
    private let fileIO = FileIO()

    init(directory: URL) {
        self.directory = directory
    }

    func register(on routes: inout RouteTable) {
        routes.get("/images/{file}") { request, context in
            try await photo(request: request, context: context)
        }
    }

    private func photo(request: Request, context: BasicRequestContext) async throws -> Response {
        let raw = context.parameters.get("file") ?? ""
        // Reject anything odd with the same 404 as a missing file: nothing to learn.
        guard let decoded = raw.removingPercentEncoding, let file = ImageFileName(decoded) else {
            throw APIError.notFound("No such image.")
        }
        let path = directory.appendingPathComponent(file.name, isDirectory: false).path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
              !isDirectory.boolValue
        else {
            throw APIError.notFound("No such image.")
        }
        let body = try await fileIO.loadFile(path: path, context: context)
        var headers: HTTPFields = [.contentType: file.contentType]
        if let length = body.contentLength {
            headers[.contentLength] = String(length)
        }
        return Response(status: .ok, headers: headers, body: body)
    }
}
