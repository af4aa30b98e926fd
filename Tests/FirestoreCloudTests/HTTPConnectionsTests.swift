import Foundation
import Synchronization
import Testing

@testable import FirestoreCloud

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("Kept-alive HTTP connections of the process's own")
struct HTTPConnectionsTests {
  /// A listening loopback socket and its port.
  static func listener() throws -> (socket: Int32, port: Int) {
    let listening = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listening, $0, length) == 0 && getsockname(listening, $0, &length) == 0
      }
    }
    try #require(bound && listen(listening, 4) == 0)
    return (listening, Int(UInt16(bigEndian: address.sin_port)))
  }

  /// Reads one request's head (these have no body) from `connection`.
  static func readRequest(_ connection: Int32) {
    var seen: [UInt8] = []
    var byte: UInt8 = 0
    while recv(connection, &byte, 1, 0) == 1 {
      seen.append(byte)
      if seen.suffix(4) == [13, 10, 13, 10] { return }
    }
  }

  static func answer(_ connection: Int32, _ body: String) {
    let text = Array("HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
    _ = text.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
  }

  @Test("a connection is used again; one the server closed meanwhile is replaced, and the request sent again")
  func keptAliveAndReplaced() throws {
    let (listening, port) = try Self.listener()
    defer { close(listening) }
    let accepted = Atomic<Int>(0)
    let served = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      // The first connection answers once and is closed; the second answers twice.
      let first = accept(listening, nil, nil)
      accepted.add(1, ordering: .relaxed)
      Self.readRequest(first)
      Self.answer(first, "first")
      close(first)
      let second = accept(listening, nil, nil)
      accepted.add(1, ordering: .relaxed)
      Self.readRequest(second)
      Self.answer(second, "second")
      Self.readRequest(second)
      Self.answer(second, "third")
      close(second)
      served.signal()
    }
    var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)/x")))
    request.timeoutInterval = 5
    for expected in ["first", "second", "third"] {
      let answer = try HTTPConnections.send(request)
      #expect(answer.status == 200 && String(decoding: answer.body, as: UTF8.self) == expected)
    }
    #expect(served.wait(timeout: .now() + 10) == .success)
    #expect(accepted.load(ordering: .relaxed) == 2)
  }

  @Test("nothing listening: cannotConnectToHost; not http: unsupportedURL")
  func refused() throws {
    let (listening, port) = try Self.listener()
    close(listening)
    let nowhere = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)/")))
    #expect(throws: URLError(.cannotConnectToHost)) { try HTTPConnections.send(nowhere) }
    let secure = URLRequest(url: try #require(URL(string: "https://127.0.0.1:\(port)/")))
    #expect(throws: URLError(.unsupportedURL)) { try HTTPConnections.send(secure) }
  }

  @Test("a server that does not answer in time: timedOut")
  func silent() throws {
    let (listening, port) = try Self.listener()
    defer { close(listening) }
    var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)/")))
    request.timeoutInterval = 0.2
    // The kernel completes the connection from the backlog; nobody reads or answers it.
    #expect(throws: URLError(.timedOut)) { try HTTPConnections.send(request) }
  }
}
