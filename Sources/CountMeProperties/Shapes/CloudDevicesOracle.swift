import CountMeContract
import CountMeCore
import CountMeGenerators
import CountMeWorlds
import Foundation
import Generators
import PropertyHarness

extension Firebase {
  /// Seed 002's conflict rules for one entity, written out from the specification.
  ///
  /// Seed 002's conflict rules for one entity (a food item, an exercise item, a custom meal, the
  /// goal), written out from the specification (the oracle of F13, F16 and F18): what a place
  /// holding `local` may hold after taking in `incoming`.
  ///
  /// - A deletion wins over every version, older or newer (8.3).
  /// - Between two versions the later `lastModified` wins (8.1); on a tie either may, because the
  ///   tie rule is the implementation's to choose; F14 and F16 check that every place chooses alike.
  /// - An app's collection whose description merges two versions holds their merge, by the
  ///   description's own rule (its laws `CollectionDescription.check()` holds it to).
  /// - An unreadable document changes nothing.
  static func outcomes(_ local: CloudDevicesRun.SlotState, _ incoming: CloudDevicesRun.SlotState)
    -> [CloudDevicesRun.SlotState]
  {
    switch (local, incoming) {
    case (_, .unreadable), (_, .absent): return [local]
    case (.deleted, _), (_, .deleted): return [.deleted]
    case (.absent, _), (.unreadable, _): return [incoming]
    case (.live(let mine), .live(let theirs)):
      if let merged = mine.merged(with: theirs) { return [.live(merged)] }
      if mine.lastModified == theirs.lastModified { return [local, incoming] }
      return [mine.lastModified > theirs.lastModified ? local : incoming]
    }
  }

  /// Whether `held` is one of the `allowed` states, a deletion judged by its effect.
  ///
  /// A deletion the device holds as nothing (a device that deletes outright) is the deletion's
  /// effect; a deletion record where none was due is not the same: it would win over every later
  /// version (mutant `sync-unreadable-deletes-local`).
  static func allows(_ allowed: [CloudDevicesRun.SlotState], _ held: CloudDevicesRun.SlotState) -> Bool {
    allowed.contains(held) || (held == .absent && allowed.contains(.deleted))
  }

  /// Whether a device (`device`, or any) took a deletion of `slot`, within `sequences` of the run.
  static func deletionTaken(
    _ run: CloudDevicesRun, slot: Int, device: Int? = nil, in sequences: Range<Int> = Int.min..<Int.max
  ) -> Bool {
    run.changes.contains {
      $0.slot == slot && $0.deletion && $0.accepted && sequences.contains($0.sequence)
        && (device == nil || $0.device == device)
    }
  }

  /// The states `outcomes` allows, as a report words them: "deleted or 120.0 kcal modified at +3 ms".
  static func either(_ states: [CloudDevicesRun.SlotState]) -> String {
    states.map(\.description).joined(separator: " or ")
  }

  /// "device 1 before: 120.0 kcal modified at +3 ms, after: deleted; cloud before: absent, after: …"
  static func views(_ pass: CloudDevicesRun.Pass, _ slot: Int) -> String {
    "device \(pass.device) before: \(pass.before[slot]), after: \(pass.after[slot]); "
      + "cloud before: \(pass.cloudBefore[slot]), after: \(pass.cloudAfter[slot])"
  }

  /// Where a pass ran: "device 1's pass at step 4", "device 0's pass in the quiet spell".
  static func describe(_ pass: CloudDevicesRun.Pass) -> String {
    "device \(pass.device)'s pass " + (pass.step.map { "at step \($0)" } ?? "in the quiet spell")
  }

  /// The property over `CloudDevicesInput`s drawn from `inputs` that `judge` decides.
  ///
  /// Running `killBudget` cases in the gate (500 unless its hardest mutant needs more). Its inputs'
  /// generator is at version 2 since daily logs joined the collections a run may sync (a seed's
  /// collection moved).
  static func cloudDevicesProperty(
    _ id: PropertyID, _ name: String, validates: [String], expect: String, anomaly: Anomaly,
    inputs: Generator<CloudDevicesInput> = CloudDevicesInput.generator, killBudget: Int = 500,
    generatorVersion: Int = 2, judge: @escaping @Sendable (CloudDevicesRun) -> Observation
  ) -> CatalogProperty {
    cloudDevicesSpec(
      id, name, validates: validates, expect: expect, anomaly: anomaly, inputs: inputs,
      killBudget: killBudget, generatorVersion: generatorVersion, judge: judge
    ).erased
  }

  /// `cloudDevicesProperty`'s spec: CountMe's collections, or with `collection` an app's.
  ///
  /// On an app's collection the inputs are the same draws, syncing the app's collection
  /// (`CollectionRun.syncing`), its corpus cases naming it, its failures drawn from its runs.
  static func cloudDevicesSpec(
    _ id: PropertyID, _ name: String, validates: [String], expect: String, anomaly: Anomaly,
    inputs: Generator<CloudDevicesInput>, killBudget: Int, generatorVersion: Int,
    collection: CollectionRun? = nil, judge: @escaping @Sendable (CloudDevicesRun) -> Observation
  ) -> PropertySpec<CloudDevicesInput> {
    let inputs = collection.map { app in inputs.map(app.syncing) } ?? inputs
    let collections = collection.map { [$0.entityType] } ?? CloudDevicesRun.entityTypes
    var spec = PropertySpec(
      id: id, name: name, validates: validates, judges: [.deviceSync], uses: [.queue], killBudget: killBudget,
      generator: { _ in inputs.map { Tagged($0, tags: cloudDevicesTags($0)) } },
      encode: \.json, decode: { json, _ in try CloudDevicesInput(json: json, collections: collections) },
      expect: { _ in .holds(expect) },
      observe: { input, system in
        judging({ try collection?.run(input, system) ?? CloudDevicesRun.run(input, system) }, judge)
      })
    spec.cloud = .simulations
    spec.anomaly = anomaly
    spec.generatorVersion = generatorVersion
    spec.onAppCollection = collection != nil
    spec.story = { input, system in collection?.story(input, system) ?? input.story(system) }
    if collection == nil {
      spec.onCollection = { app in
        cloudDevicesSpec(
          id, name, validates: validates, expect: expect, anomaly: anomaly, inputs: inputs,
          killBudget: killBudget, generatorVersion: generatorVersion, collection: app, judge: judge
        ).erased
      }
    }
    return spec
  }

  /// The tags of an input.
  ///
  /// Tags of an input: devices, offline spells, unreadable documents (an item's, a log's), stale
  /// documents, restarts, faults, a new device, and the collection ("Devices.exerciseItems",
  /// "Devices.customMeals") when it is not food items.
  static func cloudDevicesTags(_ input: CloudDevicesInput) -> [String] {
    var tags = devicesTags(input.scenario)
    let steps = input.scenario.steps
    if steps.contains(where: { if case .goOffline = $0 { true } else { false } }) {
      tags.append("Devices.offline")
    }
    if steps.contains(where: { if case .corrupt = $0 { true } else { false } }) {
      tags.append("Devices.unreadable")
    }
    if steps.contains(where: { if case .corruptLog = $0 { true } else { false } }) {
      tags.append("Devices.brokenLog")
    }
    if steps.contains(where: { if case .writeStale = $0 { true } else { false } }) {
      tags.append("Devices.stale")
    }
    if steps.contains(where: { if case .restart = $0 { true } else { false } }) {
      tags.append("Devices.restarts")
    }
    if input.faults.faults.contains(where: { $0 != .none }) { tags.append("Devices.faults") }
    if input.newDevice { tags.append("Devices.newDevice") }
    if input.logStart != .empty { tags.append("Devices.logStart.\(input.logStart.rawValue)") }
    if input.entityType != .foodItem {
      tags.append("Devices.\(CloudDevicesInput.collection(of: input.entityType))")
    }
    return tags + migrationTags(input)
  }
}
