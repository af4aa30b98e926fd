import CountMeContract
import CountMeCore
import CountMeGenerators
import FirestoreCloud
import Generators
import PropertyHarness

/// One regression case: a concrete input, what must happen, a note, and where it came from.
///
/// A case stores the input itself, never generator draws, so it keeps its meaning when the
/// generators change. Files live at `Corpus/<property id>/<slug>-<hash>.json`.
public struct CorpusCase: Sendable {
  /// The id of the property the case belongs to.
  public let property: PropertyID
  /// For document cases (properties that decode documents): the model to decode the document as.
  public let model: DocumentModel?
  /// For document cases: how the client hands the document over (`swift` unless the file says).
  public let shape: ClientShape
  /// The input, encoded as `countme-fuzz sample` prints it.
  public let input: JSON
  /// What must happen to the input.
  public let expect: CorpusExpectation
  /// What the case pins, in a reviewer's words.
  public let note: String
  /// `{"source": "hand-written"}`, or where a run found it (seed, replay token, date).
  public let origin: JSON

  /// Creates a `CorpusCase` from its parts.
  public init(
    property: PropertyID, model: DocumentModel?, shape: ClientShape = .swift, input: JSON,
    expect: CorpusExpectation, note: String,
    origin: JSON
  ) {
    self.property = property
    self.model = model
    self.shape = shape
    self.input = input
    self.expect = expect
    self.note = note
    self.origin = origin
  }

  /// Reads a case file's JSON.
  ///
  /// - Throws: `InputDecodingError` naming the key that is missing or wrong.
  public init(json: JSON) throws {
    let r = try JSONReader(json, path: "case")
    let id: PropertyID?
    switch try r.value("property") {
    case .integer(let number): id = Int(exactly: number).map { PropertyID(suite: "P", numbers: [$0]) }
    case .string(let text): id = PropertyID(text)
    default: id = nil
    }
    guard let property = id.flatMap(Catalog.property) else {
      throw r.fail("property", "expected the id of a property 'countme-fuzz list' shows")
    }
    var model: DocumentModel?
    if let name = try r.optionalString("model") {
      guard let known = DocumentModel(rawValue: name) else {
        throw r.fail("model", "expected one of \(DocumentModel.allCases.map(\.rawValue))")
      }
      model = known
    }
    var shape = ClientShape.swift
    if let name = try r.optionalString("shape") {
      guard let known = ClientShape(rawValue: name) else {
        throw r.fail("shape", "expected one of \(ClientShape.allCases.map(\.rawValue))")
      }
      shape = known
    }
    if property.needsModel && model == nil {
      throw r.fail("model", "a document case names its model")
    }
    self.init(
      property: property.id, model: model, shape: shape, input: try r.value("input"),
      expect: try CorpusExpectation(json: try r.value("expect")),
      note: try r.string("note"), origin: json["origin"] ?? .object([("source", .string("hand-written"))]))
  }

  /// The file's JSON, keys in a fixed order.
  public var json: JSON {
    var members: [(String, JSON)] = [("property", propertyJSON)]
    if let model { members.append(("model", .string(model.rawValue))) }
    if shape != .swift { members.append(("shape", .string(shape.rawValue))) }
    members += [("note", .string(note)), ("expect", expect.json), ("input", input), ("origin", origin)]
    return .object(members)
  }

  /// `<slug of the note>-<8 hex digits of the content>.json`.
  ///
  /// Readable in a listing, and the same content always gets the same name, so a case is never stored twice.
  public var fileName: String {
    let content = JSON.object(
      [
        ("property", propertyJSON), ("model", model.map { .string($0.rawValue) } ?? .null),
      ] + (shape == .swift ? [] : [("shape", JSON.string(shape.rawValue))]) + [
        ("expect", expect.json),
        ("input", input),
      ]
    ).text()
    let hash = FNV1a.hash(content.utf8)
    var slug = ""
    for character in note.lowercased() {
      if character.isASCII && (character.isLetter || character.isNumber) {
        slug.append(character)
      } else if !slug.isEmpty && slug.last != "-" {
        slug.append("-")
      }
      if slug.count >= 48 { break }
    }
    while slug.hasSuffix("-") { slug.removeLast() }
    return "\(slug.isEmpty ? "case" : slug)-\(String(Seed.format(hash).suffix(8))).json"
  }

  /// What the case says beside its input, for its property's decoder.
  var context: CaseContext { CaseContext(model: model, shape: shape) }

  /// The folder of this property's cases under the corpus root: its id.
  public var folder: String { property.description }

  /// The id as the file stores it.
  ///
  /// A number for the hardening suite (`2`, as the first files were written, so their names' content hashes
  /// stay the same), the id text for the others (`"F19"`).
  var propertyJSON: JSON {
    if property.suite == "P", property.numbers.count == 1 { return .integer(Int64(property.numbers[0])) }
    return .string(property.description)
  }
}
