import Foundation
import Testing

@testable import FirestoreCloud

@Suite("The archive of the emulator's classes: read when kept, else written for the next run")
struct JavaClassArchiveTests {
  /// A fresh directory holding a stand-in jar and Java.
  static func directory() throws -> (directory: URL, jar: URL, java: URL) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "countme-classes-test-\(getpid())-\(FirestoreEmulator.uniqueNumber())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let jar = directory.appendingPathComponent("emulator.jar")
    let java = directory.appendingPathComponent("java")
    try Data("jar".utf8).write(to: jar)
    try Data("java".utf8).write(to: java)
    return (directory, jar, java)
  }

  /// A file `name` in `directory`, last modified `age` seconds ago.
  static func file(_ name: String, age: Double, in directory: URL) throws -> URL {
    let url = directory.appendingPathComponent(name)
    try Data("x".utf8).write(to: url)
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: url.path)
    return url
  }

  @Test("none kept: this run writes a partial archive of its own; once kept, runs read it")
  func readOrWrite() throws {
    let (directory, jar, java) = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let first = try #require(JavaClassArchive.of(jar: jar, java: java, in: directory))
    #expect(first.path.deletingLastPathComponent().path == directory.path)
    #expect(first.path.lastPathComponent.hasPrefix("countme-firestore-classes-"))
    #expect(first.path.pathExtension == "jsa")
    let partial = try #require(first.partial)
    #expect(partial.path.hasPrefix(first.path.path + ".") && partial.pathExtension == "partial")
    #expect(first.javaOptions == "-XX:ArchiveClassesAtExit=\(partial.path) -Xlog:disable")
    let second = try #require(JavaClassArchive.of(jar: jar, java: java, in: directory))
    #expect(second.path == first.path && second.partial != first.partial, "each run writes its own")

    try Data("archive".utf8).write(to: first.path)
    let reading = try #require(JavaClassArchive.of(jar: jar, java: java, in: directory))
    #expect(reading == JavaClassArchive(path: first.path, partial: nil))
    #expect(reading.javaOptions == "-XX:SharedArchiveFile=\(first.path.path) -Xlog:disable")
    #expect(
      FirestoreEmulator.javaTuned(["PATH": "/bin"], classes: reading)
        == ["PATH": "/bin", "JAVA_TOOL_OPTIONS": "-XX:TieredStopAtLevel=1 \(reading.javaOptions)"])
    reading.remove()
    #expect(!FileManager.default.fileExists(atPath: first.path.path))
  }

  @Test("another jar or another Java has an archive of its own; a missing one, none")
  func keyedByJarAndJava() throws {
    let (directory, jar, java) = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let before = try #require(JavaClassArchive.of(jar: jar, java: java, in: directory)).path
    try Data("a newer jar".utf8).write(to: jar)
    let newJar = try #require(JavaClassArchive.of(jar: jar, java: java, in: directory)).path
    try Data("a newer java".utf8).write(to: java)
    let newJava = try #require(JavaClassArchive.of(jar: jar, java: java, in: directory)).path
    #expect(Set([before, newJar, newJava]).count == 3)
    let nowhere = directory.appendingPathComponent("missing")
    #expect(JavaClassArchive.of(jar: nowhere, java: java, in: directory) == nil)
    #expect(JavaClassArchive.of(jar: jar, java: nowhere, in: directory) == nil)
  }

  @Test("a partial archive untouched for ten minutes is removed; a recent one, the archive and others stay")
  func abandonedPartials() throws {
    let (directory, _, _) = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    func file(_ name: String, age: Double) throws -> URL { try Self.file(name, age: age, in: directory) }
    let old = try file("countme-firestore-classes-0123.jsa.77-1.partial", age: 601)
    let recent = try file("countme-firestore-classes-0123.jsa.78-1.partial", age: 599)
    let archive = try file("countme-firestore-classes-0123.jsa", age: 3_600)
    let other = try file("other.partial", age: 3_600)
    JavaClassArchive.removeAbandoned(in: directory)
    #expect(!FileManager.default.fileExists(atPath: old.path))
    for kept in [recent, archive, other] { #expect(FileManager.default.fileExists(atPath: kept.path)) }
  }

  @Test("an archive written more than a day ago goes when another is written; a newer one and others stay")
  func staleArchives() throws {
    let (directory, _, _) = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    func file(_ name: String, age: Double) throws -> URL { try Self.file(name, age: age, in: directory) }
    let stale = try file("countme-firestore-classes-0123.jsa", age: 86_401)
    let recent = try file("countme-firestore-classes-4567.jsa", age: 86_399)
    let kept = try file("countme-firestore-classes-89ab.jsa", age: 90_000)
    let partial = try file("countme-firestore-classes-cdef.jsa.77-1.partial", age: 90_000)
    let other = try file("other.jsa", age: 90_000)
    JavaClassArchive.removeStale(in: directory, keeping: kept)
    #expect(!FileManager.default.fileExists(atPath: stale.path))
    for left in [recent, kept, partial, other] { #expect(FileManager.default.fileExists(atPath: left.path)) }
  }

  @Test("the caller's JAVA_TOOL_OPTIONS: no archive, read or written")
  func callersOptions() {
    let script = "/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator"
    #expect(FirestoreEmulator.classArchive(script: script, environment: ["JAVA_TOOL_OPTIONS": ""]) == nil)
    #expect(FirestoreEmulator.classArchive(script: "/nowhere/emulator", environment: ["PATH": "/bin"]) == nil)
  }
}
