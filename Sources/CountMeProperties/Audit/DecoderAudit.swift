import CountMeContract
import CountMeWorlds
import Foundation
import FirestoreCloud
import Generators
import PropertyHarness

/// An app's decoder fuzzed with its own documents, broken one field at a time and handed over in every client's shape.
///
/// Each case is one document of the described collection (`DecoderCase`): the app's own document
/// for an entity (`encode` of `edited`), as written or with one field of another type, missing,
/// null, or with a list element of another type, handed over as the Swift, iOS or Android SDK hands
/// numbers and booleans. The oracle, from the description alone: the document as written is read
/// back as the entity it was written for, in every shape; a broken one is refused, or read as that
/// same entity (a lenient reader that keeps the value), never as another one: a decoder that puts a
/// default in place of a field it could not read loses the user's data without a word.
public enum DecoderAudit {
  /// The audit of `description`'s decoder (`decode`), property `A2`.
  ///
  /// A description with a mistake (`check()`) is refused before any case: the description's fault.
  public static func property<Entity>(of description: CollectionDescription<Entity>) throws(DescriptionFault)
    -> Property<DecoderCase>
  {
    let description = try description.validated()
    return Property(
      id: "A2", name: "The decoder of \(description.name) reads each document as written, or refuses it",
      validates: [], generator: generator(description), describe: \.json
    ) { tagged in
      let expected =
        tagged.value.damage == .asWritten
        ? "read as the \(description.noun) it was written for"
        : "refused, or read as the \(description.noun) it was written for"
      if let problem = problem(tagged.value, description) {
        return .fail(observed: problem, expected: expected)
      }
      return .pass
    }
  }

  /// The first broken check of the document `bytes` choose, for an app's own libFuzzer target; nil when it holds.
  ///
  /// The fuzzer's bytes are the choices of A2's generator (as the harness's own `documents`
  /// target's are), so it mutates structured cases: an app's `LLVMFuzzerTestOneInput` traps on
  /// the problem this returns. `description` must be valid (`validated()`, once, outside).
  public static func fuzz<Entity>(_ bytes: [UInt8], _ description: CollectionDescription<Entity>) -> String? {
    var source = ChoiceSource(bytes: bytes)
    guard let tagged = try? source.draw(generator(description)) else { return nil }
    return problem(tagged.value, description)
  }

  /// `DecoderCase`s of `description`'s slots and of as many fields as its documents have.
  static func generator<Entity>(_ description: CollectionDescription<Entity>) -> Generator<
    Tagged<DecoderCase>
  > {
    // A valid description makes every slot's entity at 100 (`check()`).
    let fields = (try? description.edited(0, 100, "uid-decoder-audit", start)).map {
      description.encode($0).count
    }
    return DecoderCase.generator(slots: description.slots, fields: fields ?? 1)
  }

  /// The start of a case's times: 2026-01-01, as the devices runs'.
  static let start = Date(timeIntervalSince1970: 1_767_225_600)

  /// What is wrong with how `description`'s decoder reads `input`'s document, if anything.
  static func problem<Entity>(_ input: DecoderCase, _ description: CollectionDescription<Entity>) -> String? {
    let at = start.addingTimeInterval(Double(input.value) / 1_000)
    let written: Entity
    do {
      written = try description.edited(input.slot, input.value, "uid-decoder-audit", at)
    } catch {
      return "the description's edited refused \(description.noun) \(input.slot) at \(input.value): \(error)"
    }
    let document = description.encode(written)
    let (broken, what, field) = damaged(document, input)
    let leftOut = field.map {
      description.optionalFields.contains($0) && [.missing, .null].contains(input.damage)
    }
    let read: Entity
    do {
      read = try description.decode(shaped(broken, input.shape))
    } catch {
      if input.damage == .asWritten { return "refused the document as the app writes it: \(error)" }
      return leftOut == true
        ? "refused \(what), a field the description says a document may leave out: \(error)" : nil
    }
    if leftOut == true, let field {
      let changed = DocumentFields.differing(description.encode(read), document).filter { $0 != field }
      guard changed.isEmpty, description.documentId(read) == description.documentId(written),
        description.owner(read) == description.owner(written)
      else {
        return
          "read \(what) as another \(description.noun), its \(changed.joined(separator: ", ")) not as written"
      }
      return nil
    }
    guard description.sameContent(read, written),
      description.documentId(read) == description.documentId(written),
      description.owner(read) == description.owner(written)
    else {
      let changed = DocumentFields.differing(description.encode(read), document)
      let how = changed.isEmpty ? "" : ", its \(changed.joined(separator: ", ")) not as written"
      return "read \(what) as another \(description.noun)\(how)"
    }
    return nil
  }

  /// `document` broken as `input` says, how a report names it, and the field broken (nil: none).
  static func damaged(_ document: [String: Any], _ input: DecoderCase) -> ([String: Any], String, String?) {
    let names = document.keys.sorted()
    guard input.damage != .asWritten, !names.isEmpty else {
      return (document, "the document as written", nil)
    }
    var broken = document
    let lists = names.filter { (document[$0] as? [Any])?.isEmpty == false }
    if input.damage == .wrongElement, !lists.isEmpty {
      let name = lists[input.field % lists.count]
      var list = document[name] as? [Any] ?? []
      list[0] = otherType(list[0])
      broken[name] = list
      return (broken, "the document with an element of \(name) of another type", name)
    }
    let name = names[input.field % names.count]
    switch input.damage {
    case .missing:
      broken[name] = nil
      return (broken, "the document without \(name)", name)
    case .null:
      broken[name] = NSNull()
      return (broken, "the document with \(name) null", name)
    default:
      broken[name] = otherType(document[name] as Any)
      return (broken, "the document with \(name) of another type", name)
    }
  }

  /// A value of another type than `value`'s: a number or boolean as its text, text as a number, a list or map as text.
  static func otherType(_ value: Any) -> Any {
    switch value {
    case is String: return Int64(7)
    case let number as Int64: return "\(number)"
    case let number as Int: return "\(number)"
    case let number as Double: return "\(number)"
    case let flag as Bool: return "\(flag)"
    case is [Any]: return "list"
    case is [String: Any]: return "map"
    default: return "value"
    }
  }

  /// `fields` as a client of `shape` hands them over: the iOS SDK's numbers and booleans `NSNumber`s,
  /// Android's whole doubles 64-bit integers.
  static func shaped(_ fields: [String: Any], _ shape: ClientShape) -> [String: Any] {
    fields.mapValues { shaped($0, shape) }
  }

  private static func shaped(_ value: Any, _ shape: ClientShape) -> Any {
    switch (shape, value) {
    case (.swift, _): return value
    case (_, let list as [Any]): return list.map { shaped($0, shape) }
    case (_, let map as [String: Any]): return shaped(map, shape)
    case (.iOS, let flag as Bool): return NSNumber(value: flag)
    case (.iOS, let number as Int64): return NSNumber(value: number)
    case (.iOS, let number as Int): return NSNumber(value: number)
    case (.iOS, let number as Double): return NSNumber(value: number)
    case (.android, let number as Double)
    where number == number.rounded() && number.magnitude < 0x1p63 && !(number == 0 && number.sign == .minus):
      return Int64(number)
    default: return value
    }
  }
}
