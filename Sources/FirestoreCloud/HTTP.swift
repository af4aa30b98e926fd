import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What one HTTP exchange brought back: the status and the body.
struct HTTPAnswer: Sendable {
  let status: Int
  let body: Data
}

/// The session every call shares, so connections to the emulator are kept alive.
private let sharedSession: URLSession = {
  let configuration = URLSessionConfiguration.ephemeral
  configuration.httpMaximumConnectionsPerHost = 8
  configuration.timeoutIntervalForRequest = 30
  return URLSession(configuration: configuration)
}()

/// One HTTP exchange, awaited: how the `CloudStore` calls go.
enum AsyncHTTP {
  /// Sends `request` and returns its answer.
  ///
  /// - Throws: the `URLError` the session reports (refused, timed out, lost).
  static func send(_ request: URLRequest) async throws -> HTTPAnswer {
    try await withCheckedThrowingContinuation { continuation in
      sharedSession.dataTask(with: request) { data, response, error in
        if let error {
          continuation.resume(throwing: error)
        } else {
          let status = (response as? HTTPURLResponse)?.statusCode ?? 0
          continuation.resume(returning: HTTPAnswer(status: status, body: data ?? Data()))
        }
      }.resume()
    }
  }
}

/// One HTTP exchange, waited for on the calling thread.
///
/// For the emulator's management, which runs before and between the cases, outside any task, and for the
/// harness's synchronous runs.
///
/// It goes over this process's own kept-alive sockets (`HTTPConnections`), not the session.
enum BlockingHTTP {
  /// Sends `request` and waits for its answer.
  ///
  /// - Throws: a `URLError` (refused, timed out, lost).
  static func send(_ request: URLRequest) throws -> HTTPAnswer {
    try HTTPConnections.send(request)
  }
}
