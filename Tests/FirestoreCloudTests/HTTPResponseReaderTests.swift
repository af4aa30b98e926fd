import Foundation
import Testing

@testable import FirestoreCloud

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("Reading an HTTP/1.1 answer from a stream")
struct HTTPResponseReaderTests {
  /// The first response of `text`, read `piece` bytes at a time, and whether nothing followed it.
  static func read(_ text: String, piece: Int = 16_384) throws -> (HTTPResponseReader.Response, drained: Bool)
  {
    let bytes = Array(text.utf8)
    var offset = 0
    var reader = HTTPResponseReader { buffer in
      let count = min(piece, buffer.count, bytes.count - offset)
      for index in 0..<count { buffer[index] = bytes[offset + index] }
      offset += count
      return count
    }
    let response = try reader.response()
    return (response, reader.drained)
  }

  static func failure(_ text: String) -> HTTPResponseReader.Failure? {
    do {
      _ = try read(text)
      return nil
    } catch let failure as HTTPResponseReader.Failure {
      return failure
    } catch {
      return HTTPResponseReader.Failure(problem: "\(error)")
    }
  }

  @Test("a body of Content-Length bytes; the connection kept unless it says close; byte by byte the same")
  func contentLength() throws {
    let answer = "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nCONTENT-LENGTH: 7\r\n\r\n{\"a\":1}"
    for piece in [1, 5, 16_384] {
      let (response, drained) = try Self.read(answer, piece: piece)
      #expect(response == .init(status: 200, body: Array("{\"a\":1}".utf8), reusable: true))
      #expect(drained)
    }
    let closing = try Self.read(
      "HTTP/1.1 404 Not Found\r\nConnection: keep-alive, close\r\nContent-Length: 0\r\n\r\n")
    #expect(closing.0 == .init(status: 404, body: [], reusable: false))
    let old = try Self.read("HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nok")
    #expect(old.0.reusable == false)
    let more = try Self.read("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokHTTP/1.1")
    #expect(more.0.body == Array("ok".utf8) && !more.drained)
  }

  @Test("a chunked body joined, extensions and trailers dropped; bare line feeds read too")
  func chunked() throws {
    let answer =
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4;name=x\r\nWiki\r\nA\r\npedia in c\r\n0\r\nTrailer: t\r\n\r\n"
    for piece in [1, 3, 16_384] {
      let (response, drained) = try Self.read(answer, piece: piece)
      #expect(response == .init(status: 200, body: Array("Wikipedia in c".utf8), reusable: true))
      #expect(drained)
    }
    let bare = try Self.read("HTTP/1.1 201 Created\nTransfer-Encoding: chunked\n\n2\nhi\n0\n\n")
    #expect(bare.0 == .init(status: 201, body: Array("hi".utf8), reusable: true))
  }

  @Test("no length and no chunks: the body runs to the connection's end, which is not kept")
  func toTheEnd() throws {
    let (response, _) = try Self.read("HTTP/1.1 500 Internal\r\n\r\nall of it")
    #expect(response == .init(status: 500, body: Array("all of it".utf8), reusable: false))
  }

  @Test("a stream that ends before the answer's first byte is told apart from a broken answer")
  func failures() {
    #expect(Self.failure("") == .init(problem: "the connection ended mid-response", empty: true))
    #expect(Self.failure("HTTP/1.1 200 OK\r\nContent-Le")?.empty == false)
    #expect(Self.failure("HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nshort")?.empty == false)
    #expect(Self.failure("SSH-2.0-OpenSSH\r\n\r\n")?.problem.hasPrefix("not an HTTP/1.1 status line") == true)
    #expect(Self.failure("HTTP/1.1 100 Continue\r\n\r\n") != nil)
    #expect(
      Self.failure("HTTP/1.1 200 OK\r\nno colon here\r\n\r\n")?.problem.hasPrefix("a header without") == true)
    #expect(Self.failure("HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n") != nil)
    #expect(Self.failure("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n") != nil)
    #expect(Self.failure("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n") != nil)
  }

  @Test("a request: its line, Host, its headers in name order, a length only with a body or for a write")
  func message() throws {
    func bytes(_ method: String, _ address: String, body: String?) throws -> String {
      var request = URLRequest(url: try #require(URL(string: address)))
      request.httpMethod = method
      request.httpBody = body.map { Data($0.utf8) }
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
      request.setValue("Bearer x", forHTTPHeaderField: "Authorization")
      let url = try #require(request.url)
      let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
      return String(
        decoding: HTTPConnections.message(request, host: "127.0.0.1:8080", components: components),
        as: UTF8.self)
    }
    let get = try bytes(
      "GET", "http://127.0.0.1:8080/v1/projects/p/databases/(default)/documents/a/b", body: nil)
    #expect(
      get == "GET /v1/projects/p/databases/(default)/documents/a/b HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n"
        + "Authorization: Bearer x\r\nContent-Type: application/json\r\n\r\n")
    let create = try bytes("POST", "http://127.0.0.1:8080/v1/documents/a?documentId=b%20c", body: "{}")
    #expect(
      create == "POST /v1/documents/a?documentId=b%20c HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n"
        + "Authorization: Bearer x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}")
    #expect(try bytes("DELETE", "http://h/x", body: nil).hasSuffix("application/json\r\n\r\n"))
    #expect(try bytes("PATCH", "http://h/x", body: nil).hasSuffix("Content-Length: 0\r\n\r\n"))
  }
}
