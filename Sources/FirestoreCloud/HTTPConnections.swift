import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Plain-HTTP exchanges over this process's own kept-alive TCP sockets.
///
/// Plain-HTTP exchanges (the emulator's `http://` addresses) over TCP sockets of this process's
/// own, each kept alive for the next exchange with its host: an exchange is one write and the
/// reads of its answer on the calling thread, where `URLSession` took four threads' hand-offs and
/// over a millisecond of the kernel's time per request.
///
/// A kept-alive connection the server has closed since is found out by the first write or read of
/// the next exchange, before any answer comes back; that exchange is sent again, once, on a new
/// connection.
enum HTTPConnections {
  /// Sockets between exchanges, by `host:port`.
  private static let idle = Mutex<[String: [Int32]]>([:])

  /// Sends `request` (an `http` URL) and reads its answer, within `request.timeoutInterval` for
  /// the connection and for each read.
  ///
  /// - Throws: a `URLError`: `cannotConnectToHost` (refused, or no such host), `timedOut`,
  ///   `networkConnectionLost`, `badServerResponse`, or `unsupportedURL`.
  static func send(_ request: URLRequest) throws(URLError) -> HTTPAnswer {
    guard let url = request.url, url.scheme == "http", let host = url.host, !host.isEmpty,
      let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    else { throw URLError(.unsupportedURL) }
    let port = url.port ?? 80
    let address = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    let bytes = message(request, host: address, components: components)
    let timeout = request.timeoutInterval
    for attempt in 0..<2 {
      let pooled = attempt == 0 ? idle.withLock { $0[address]?.popLast() } : nil
      let socket: Int32
      if let pooled {
        socket = pooled
      } else {
        socket = try connect(host: host, port: port, timeout: timeout)
      }
      do {
        try write(bytes, to: socket)
      } catch {
        // The server closed a kept-alive connection before this request: nothing of it was read.
        close(socket)
        if error.code == .networkConnectionLost && pooled != nil { continue }
        throw error
      }
      do {
        var reader = HTTPResponseReader { try receive(into: $0, from: socket) }
        let response = try reader.response()
        if response.reusable && reader.drained {
          idle.withLock { $0[address, default: []].append(socket) }
        } else {
          close(socket)
        }
        return HTTPAnswer(status: response.status, body: Data(response.body))
      } catch let failure as HTTPResponseReader.Failure {
        // Sent again only when no byte of the answer came back on a kept-alive connection.
        close(socket)
        if failure.empty && pooled != nil { continue }
        throw URLError(failure.empty ? .networkConnectionLost : .badServerResponse)
      } catch {
        close(socket)
        throw error as? URLError ?? URLError(.unknown)
      }
    }
    throw URLError(.networkConnectionLost)
  }

  /// The request's bytes: its line, `Host`, its headers in name order, `Content-Length`, its body.
  static func message(_ request: URLRequest, host: String, components: URLComponents) -> [UInt8] {
    var target = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
    if let query = components.percentEncodedQuery { target += "?\(query)" }
    var head = "\(request.httpMethod ?? "GET") \(target) HTTP/1.1\r\nHost: \(host)\r\n"
    let headers = (request.allHTTPHeaderFields ?? [:]).filter {
      !["host", "content-length", "connection"].contains($0.key.lowercased())
    }
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
    let body = request.httpBody.map { [UInt8]($0) } ?? []
    if request.httpBody != nil || !["GET", "DELETE"].contains(request.httpMethod ?? "GET") {
      head += "Content-Length: \(body.count)\r\n"
    }
    return Array((head + "\r\n").utf8) + body
  }

  /// A new connection to `host`:`port`, waiting at most `timeout` for it.
  private static func connect(host: String, port: Int, timeout: Double) throws(URLError) -> Int32 {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var found: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else {
      throw URLError(.cannotConnectToHost)
    }
    defer { freeaddrinfo(first) }
    var timedOut = false
    var next: UnsafeMutablePointer<addrinfo>? = first
    while let address = next?.pointee {
      next = address.ai_next
      let socket = Glibc.socket(address.ai_family, address.ai_socktype, address.ai_protocol)
      guard socket >= 0 else { continue }
      switch connected(socket, to: address, timeout: timeout) {
      case 0:
        configure(socket, timeout: timeout)
        return socket
      case ETIMEDOUT: timedOut = true
      default: break
      }
      close(socket)
    }
    throw URLError(timedOut ? .timedOut : .cannotConnectToHost)
  }

  /// Connects `socket` to `address` within `timeout`; 0, or the error number.
  private static func connected(_ socket: Int32, to address: addrinfo, timeout: Double) -> Int32 {
    let flags = fcntl(socket, F_GETFL)
    _ = fcntl(socket, F_SETFL, flags | O_NONBLOCK)
    defer { _ = fcntl(socket, F_SETFL, flags) }
    if Glibc.connect(socket, address.ai_addr, address.ai_addrlen) == 0 { return 0 }
    guard errno == EINPROGRESS else { return errno }
    var waiting = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
    let ready = poll(&waiting, 1, Int32(min(max(timeout, 0.001), 3_600) * 1_000))
    guard ready > 0 else { return ready == 0 ? ETIMEDOUT : errno }
    var problem: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    guard getsockopt(socket, SOL_SOCKET, SO_ERROR, &problem, &length) == 0 else { return errno }
    return problem
  }

  /// No delay for small writes, and `timeout` on every read and write.
  private static func configure(_ socket: Int32, timeout: Double) {
    var on: Int32 = 1
    _ = setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    let seconds = min(max(timeout, 0.001), 3_600)
    var limit = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1_000_000))
    for option in [SO_RCVTIMEO, SO_SNDTIMEO] {
      _ = setsockopt(socket, SOL_SOCKET, option, &limit, socklen_t(MemoryLayout<timeval>.size))
    }
  }

  /// Writes every byte; a connection the server closed is `networkConnectionLost`.
  private static func write(_ bytes: [UInt8], to socket: Int32) throws(URLError) {
    var sent = 0
    while sent < bytes.count {
      let count = bytes.withUnsafeBytes {
        Glibc.send(socket, $0.baseAddress.map { $0 + sent }, bytes.count - sent, Int32(MSG_NOSIGNAL))
      }
      if count > 0 {
        sent += count
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        throw URLError(
          count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) ? .timedOut : .networkConnectionLost)
      }
    }
  }

  /// Reads what `socket` has into `buffer`: 0 when the server closed (or reset) the connection.
  private static func receive(into buffer: UnsafeMutableRawBufferPointer, from socket: Int32) throws(URLError)
    -> Int
  {
    while true {
      let count = recv(socket, buffer.baseAddress, buffer.count, 0)
      if count >= 0 { return count }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK: throw URLError(.timedOut)
      case ECONNRESET: return 0
      default: throw URLError(.networkConnectionLost)
      }
    }
  }
}
