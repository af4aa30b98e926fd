import CountMeContract
import FirestoreCloud
import Foundation
import Generators
import PropertyHarness

/// The corpus on disk: `<root>/<property id>/<name>.json`, read in sorted order.
public enum CorpusDirectory {
  /// One file: its path and its case, or what is wrong with it.
  public struct Entry: Sendable {
    /// The file's path.
    public let path: String
    /// Its case, or what is wrong with it.
    public let content: Result<CorpusCase, Malformed>
  }

  /// Why a file is not a case.
  public struct Malformed: Error, Sendable, CustomStringConvertible {
    /// What is wrong, in one line.
    public let problem: String
    /// How reports print it.
    public var description: String { problem }
  }

  /// Every `.json` file under `root/<id>/` for every folder named like a property id, sorted by
  /// path; `properties` keeps only those ids.
  public static func load(_ root: String, properties: [PropertyID]? = nil) -> [Entry] {
    load(root, properties: properties, checking: CorpusReplay.inputProblem)
  }

  /// `load`, each case's input checked by `inputProblem` (an app's collection's: `AppSync.corpus`).
  static func load(
    _ root: String, properties: [PropertyID]?, checking inputProblem: (CorpusCase) -> String?
  ) -> [Entry] {
    let manager = FileManager.default
    guard let folders = try? manager.contentsOfDirectory(atPath: root) else { return [] }
    var entries: [Entry] = []
    var seenHashes: [String: String] = [:]
    for folder in folders.sorted() {
      guard let id = PropertyID(folder), properties?.contains(id) ?? true else { continue }
      let directory = "\(root)/\(folder)"
      var isFolder: ObjCBool = false
      guard manager.fileExists(atPath: directory, isDirectory: &isFolder), isFolder.boolValue else {
        // A file (or a link to nothing) named like a property: say so rather than skip it.
        entries.append(
          Entry(path: directory, content: .failure(Malformed(problem: "is not a readable folder"))))
        continue
      }
      let files: [String]
      do {
        files = try manager.contentsOfDirectory(atPath: directory)
      } catch {
        // NB: an unreadable folder or a symlink loop was skipped in silence; it is a malformed entry.
        entries.append(
          Entry(
            path: directory,
            content: .failure(Malformed(problem: "cannot be listed: \(error.localizedDescription)"))))
        continue
      }
      for file in files.sorted() where file.hasSuffix(".json") {
        let path = "\(directory)/\(file)"
        let content = read(path, folder: id, checking: inputProblem)
        if case .success(let corpusCase) = content {
          let hash = String(corpusCase.fileName.dropLast(5).suffix(8))
          if let other = seenHashes[hash] {
            entries.append(
              Entry(path: path, content: .failure(Malformed(problem: "the same case as \(other)"))))
            continue
          }
          seenHashes[hash] = path
        }
        entries.append(Entry(path: path, content: content))
      }
    }
    return entries
  }

  private static func read(
    _ path: String, folder: PropertyID, checking inputProblem: (CorpusCase) -> String?
  ) -> Result<CorpusCase, Malformed> {
    guard let data = FileManager.default.contents(atPath: path),
      let text = String(data: data, encoding: .utf8)
    else {
      return .failure(Malformed(problem: "cannot be read as UTF-8 text"))
    }
    do {
      let corpusCase = try CorpusCase(json: try JSON.parse(text))
      guard corpusCase.property == folder else {
        return .failure(
          Malformed(problem: "is a case of property \(corpusCase.property) in folder \(folder)"))
      }
      if let problem = inputProblem(corpusCase) { return .failure(Malformed(problem: problem)) }
      return .success(corpusCase)
    } catch let error as JSONParseError {
      return .failure(Malformed(problem: "invalid JSON at \(error)"))
    } catch {
      return .failure(Malformed(problem: "\(error)"))
    }
  }

  /// What saving did.
  public enum Saved: Equatable, Sendable {
    case written(String)
    /// A file with this content is already there; nothing was written.
    case alreadyPresent(String)
  }

  /// Writes `corpusCase` to its file under `root`, atomically, creating the folder if needed.
  ///
  /// Never overwrites: the name carries a hash of the content, so an existing name is the same case.
  public static func save(_ corpusCase: CorpusCase, root: String) throws -> Saved {
    let directory = "\(root)/\(corpusCase.folder)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let hash = String(corpusCase.fileName.dropLast(5).suffix(8))
    let existing = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    if let same = existing.sorted().first(where: { $0.hasSuffix("-\(hash).json") }) {
      return .alreadyPresent("\(directory)/\(same)")
    }
    let path = "\(directory)/\(corpusCase.fileName)"
    try AtomicFile.write(corpusCase.json.text(pretty: true) + "\n", to: path)
    return .written(path)
  }
}

extension CorpusReplay {
  /// Why the case's input cannot be read as its property's input; nil when it can.
  public static func inputProblem(_ corpusCase: CorpusCase) -> String? {
    do {
      try Catalog.property(corpusCase.property)?.validate(corpusCase.input, context: corpusCase.context)
      return nil
    } catch let error as FirestoreREST.DecodingError {
      return "input.\(error)"
    } catch {
      return "\(error)"
    }
  }
}
