import Foundation

/// Reads one HTTP/1.1 response from a byte stream.
///
/// The status line, the headers, and a body framed by `Content-Length`, by chunks (`Transfer-Encoding:
/// chunked`), or by the connection's end; and says whether the connection can carry another exchange.
///
/// NB: a reader of what the Firestore emulator answers, not of the whole of RFC 9112: no 1xx
/// answers (no request asks for one), no answers to `HEAD`.
struct HTTPResponseReader {
  /// Why a response could not be read: the stream ended (before any byte, when `empty`) or broke
  /// the grammar.
  struct Failure: Error, Equatable {
    let problem: String
    /// True when the stream ended before the response's first byte.
    ///
    /// A kept-alive connection the server had already closed, where the request may be sent again on a new
    /// one.
    var empty = false
  }

  /// One response.
  struct Response: Equatable {
    let status: Int
    let body: [UInt8]
    /// False when the server closes the connection after it (`Connection: close`, or a body that
    /// ends with the connection).
    let reusable: Bool
  }

  /// Fills the buffer it is given with the stream's next bytes; returns how many (0 at its end).
  private let read: (UnsafeMutableRawBufferPointer) throws -> Int
  private var buffer: [UInt8] = []
  private var start = 0
  private var received = 0

  /// A reader of the stream `read` fills buffers from (0 at its end; it throws when it fails).
  init(_ read: @escaping (UnsafeMutableRawBufferPointer) throws -> Int) { self.read = read }

  /// The next response on the stream.
  mutating func response() throws -> Response {
    let statusLine = try line()
    let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3, let status = Int(parts[1]),
      status >= 200
    else { throw Failure(problem: "not an HTTP/1.1 status line: \(statusLine.prefix(80))") }
    var length: Int?
    var chunked = false
    var close = parts[0] == "HTTP/1.0"
    while true {
      let header = try line()
      if header.isEmpty { break }
      guard let colon = header.firstIndex(of: ":") else {
        throw Failure(problem: "a header without a colon: \(header.prefix(80))")
      }
      let name = header[..<colon].lowercased()
      let value = header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces).lowercased()
      switch name {
      case "content-length":
        guard let count = Int(value), count >= 0 else { throw Failure(problem: "Content-Length \(value)") }
        length = count
      case "transfer-encoding": chunked = value.hasSuffix("chunked")
      case "connection":
        close = value.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == "close" }
      default: break
      }
    }
    if chunked { return Response(status: status, body: try chunks(), reusable: !close) }
    if let length { return Response(status: status, body: try bytes(length), reusable: !close) }
    if status == 204 || status == 304 { return Response(status: status, body: [], reusable: !close) }
    return Response(status: status, body: try rest(), reusable: false)
  }

  /// A chunked body's bytes, its trailers read and dropped.
  private mutating func chunks() throws -> [UInt8] {
    var body: [UInt8] = []
    while true {
      let sizeLine = try line()
      let digits = sizeLine.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces)
      guard !digits.isEmpty, let size = Int(digits, radix: 16), size >= 0 else {
        throw Failure(problem: "a chunk size that is not hex: \(sizeLine.prefix(40))")
      }
      if size == 0 { break }
      body += try bytes(size)
      guard try line().isEmpty else { throw Failure(problem: "a chunk longer than its size") }
    }
    while try !line().isEmpty {}
    return body
  }

  /// The next `count` bytes.
  private mutating func bytes(_ count: Int) throws -> [UInt8] {
    while buffer.count - start < count { try fillOrFail() }
    defer { start += count }
    return Array(buffer[start..<start + count])
  }

  /// Every byte to the stream's end.
  private mutating func rest() throws -> [UInt8] {
    while try fill() {}
    defer { start = buffer.count }
    return Array(buffer[start...])
  }

  /// The next line, without its CRLF (or bare LF), as text.
  private mutating func line() throws -> String {
    var scanned = start
    while true {
      while scanned < buffer.count {
        if buffer[scanned] == 0x0A {
          let end = scanned > start && buffer[scanned - 1] == 0x0D ? scanned - 1 : scanned
          defer { start = scanned + 1 }
          return String(decoding: buffer[start..<end], as: UTF8.self)
        }
        scanned += 1
      }
      guard scanned - start < 65_536 else { throw Failure(problem: "a line longer than 64 KiB") }
      try fillOrFail()
    }
  }

  /// `fill()`, where the stream's end breaks the response.
  private mutating func fillOrFail() throws {
    guard try fill() else {
      throw Failure(problem: "the connection ended mid-response", empty: received == 0)
    }
  }

  /// Reads more of the stream into the buffer; false at its end.
  private mutating func fill() throws -> Bool {
    let count = try withUnsafeTemporaryAllocation(byteCount: 16_384, alignment: 1) { chunk in
      let count = try read(chunk)
      buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[..<count]))
      return count
    }
    received += count
    return count > 0
  }

  /// True when the stream held nothing after the response: what a connection to be used again needs.
  var drained: Bool { start == buffer.count }
}
