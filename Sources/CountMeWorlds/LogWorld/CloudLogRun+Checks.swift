import CloudFake
import CountMeContract
import CountMeCore
import CountMeGenerators
import Foundation
import Generators

// What a log run checks as it goes, and how it shows the devices and the cloud to a report.

extension CloudLogRun.World {
  /// Records the first item some device's log shows otherwise than the device's own store.
  ///
  /// Records (the first time only) an item some device's log shows otherwise than the device's
  /// own store of its kind: another version (compared by the harness's schema, every field but the
  /// sync status), or none live.
  ///
  /// One device shows one version of an item: its log and its food or exercise list are views of the same
  /// entity. The legacy device's log may show an item its store holds no version of, live or deleted: it kept
  /// its items inside its logs, and its store learns each item at a download (or its own edit or removal of
  /// it).
  ///
  /// `moment` ("step 4") is said only when a device shows an item twice: it is checked after
  /// every step of every case, on the devices in `checked`: those the step could change (a device
  /// changes only when a step names it; the run checks every device after the first step).
  mutating func noteItemShownTwice(after moment: @autoclosure () -> String, on checked: Range<Int>) {
    guard record.shownTwice == nil else { return }
    for index in checked {
      let device = devices[index]
      guard let log = device.logs.live[CloudLogRun.logID] else { continue }
      let legacy = index == self.legacy
      let food = Self.firstShownTwice(log.foodItems, device.food, legacy: legacy) {
        .foodItem(FoodItemArguments($0))
      }
      let exercise = Self.firstShownTwice(log.exerciseItems, device.exercise, legacy: legacy) {
        .exerciseItem(ExerciseItemArguments($0))
      }
      guard let (id, shown, held) = food ?? exercise else { continue }
      let (name, list) = (
        CloudLogRun.name(of: id, exercise: food == nil), food == nil ? "exercise" : "food"
      )
      record.shownTwice =
        "after \(moment()), device \(index)'s log shows \(name) as \(shown), its \(list) items "
        + (held.map { "as \($0)" } ?? "hold no live version of it")
      return
    }
  }

  /// The first of `shown` that `store` holds no live version of with the same content.
  ///
  /// The first of `shown` (a log's items of one kind) that `store` holds no live version of with
  /// the same content, as `version` gives each: its id, the log's version and the store's.
  ///
  /// On a `legacy` device, an item `store` knows nothing of is left out.
  static func firstShownTwice<Item: LoggedItem>(
    _ shown: [Item], _ store: EntityStore<Item>, legacy: Bool = false, _ version: (Item) -> EntityVersion
  ) -> (UUID, EntityVersion, EntityVersion?)? {
    for item in shown where !legacy || store.live[item.id] != nil || store.deleted[item.id] != nil {
      let (copy, held) = (version(item), store.live[item.id].map(version))
      if !(held.map(copy.hasSameContent) ?? false) { return (item.id, copy, held) }
    }
    return nil
  }

  /// Records (the first time only) an item the cloud's log names, just written by `device`, whose
  /// document the cloud holds none of, or a tombstone of.
  ///
  /// A pass syncs the items before the logs, and the logs only once every item collection downloaded and has
  /// nothing left to upload (`DailyLogSync`; the faults here are transient, so every upload lands in the
  /// end): a log that names an item the cloud does not hold would be read by another device without it, and
  /// that device reads the log again only when the log changes. (A device that wrote the log though its item
  /// upload had failed shows in the state once quiet only when another device read the log in between, one
  /// case in 1,800. A device that reads the log though its item download failed writes nothing wrong; corpus
  /// cases pin that wait.) A document another client broke is there, so it is no orphan.
  mutating func noteMissingItem(by device: Int) {
    guard record.namesMissingItem == nil, let (name, state) = firstNamed([.absent, .deleted]) else {
      return
    }
    let held = state == .absent ? "holds none of" : "holds only a tombstone of"
    record.namesMissingItem =
      "in \(moment), device \(device) wrote the log naming \(name), whose document the cloud \(held): "
      + "a log went up before the items it names"
  }

  /// Records the first deleted item the cloud's log still names after a pass of `device`.
  ///
  /// Records (the first time only) a deleted item the cloud's log still names after a pass of
  /// `device` that read the log and left no upload of it pending or failed.
  ///
  /// The pass read every item's document first (a pass syncs the logs only once both item downloads
  /// succeeded), so the device knows each tombstone the cloud holds, and a device that reads a log naming an
  /// item it knows deleted uploads the log without it (`DailyLogSync`: "so the cloud's version stops naming
  /// it"). (A device that re-uploaded such a log only when it named a deleted item of both kinds; the
  /// remover's own upload of the log fixed the cloud later, so the state once quiet never showed it.)
  mutating func noteNamesDeleted(after device: Int) {
    guard record.namesMissingItem == nil, let (name, _) = firstNamed([.deleted]) else { return }
    record.namesMissingItem =
      "in \(moment), device \(device) read the log and left nothing of it to upload, yet the cloud's log "
      + "names \(name), whose document is a tombstone: the device did not upload the log without it"
  }

  /// The first item the cloud's log names whose document is in one of `states`.
  ///
  /// The first item the cloud's log names whose document is in one of `states` (`.absent`: the
  /// cloud holds none; `.deleted`: only a tombstone): its name and its state.
  func firstNamed(_ states: [CloudDevicesRun.SlotState]) -> (
    name: String, state: CloudDevicesRun.SlotState
  )? {
    guard let fields = cloud.document(at: CloudLogRun.logPath)?.fields else { return nil }
    for (key, exercise) in [("foodItemIds", false), ("exerciseItemIds", true)] {
      for id in Self.strings(fields[key]) {
        let state = exercise ? cloudItem(id, ExerciseItem.self) : cloudItem(id, FoodItem.self)
        guard states.contains(state) else { continue }
        return (UUID(uuidString: id).map { CloudLogRun.name(of: $0, exercise: exercise) } ?? id, state)
      }
    }
    return nil
  }

  /// The strings of a list field, in order, its other elements left out; none when it is no list.
  ///
  /// NB: a list of strings, as devices write it, is cast as a whole: `as? [Any]` boxed each one.
  static func strings(_ value: Any?) -> [String] {
    if let strings = value as? [String] { return strings }
    return ((value as? [Any]) ?? []).compactMap { $0 as? String }
  }

  /// The cloud's log, read by the harness's schema, then each device's.
  package func views() -> [CloudLogRun.LogView] {
    var views = [cloudView()]
    for device in devices {
      let logs = device.logs
      if let log = logs.live[CloudLogRun.logID] {
        views.append(.live(DailyLogArguments(log)))
      } else {
        views.append(logs.deleted[CloudLogRun.logID] == nil ? .absent : .deleted)
      }
    }
    return views
  }

  /// The cloud's log and its items, read by the harness.
  ///
  /// The cloud's log, read by the harness (never by CountMeCore's codec): its document's fields
  /// by the schema, its food the documents of `foodItems` its `foodItemIds` name and its exercise
  /// those of `exerciseItems` its `exerciseItemIds` name, each read by the item's schema, leaving
  /// out an item whose document is unreadable (`unreadable` records those).
  ///
  /// The broken document another client wrote (while no device has written over it) is unreadable; a
  /// tombstone is deleted; fields that do not fit the schema, an `id` not the path's, or an id naming no live
  /// item document, are unreadable.
  func cloudView() -> CloudLogRun.LogView {
    let path = CloudLogRun.logPath
    guard var fields = cloud.document(at: path)?.fields else { return .absent }
    if isDamaged(path) { return .unreadable }
    if fields["deleted"] as? Bool == true { return .deleted }
    guard fields["id"] as? String == CloudLogRun.logID.uuidText,
      let food = fields["foodItemIds"] as? [Any], let exercise = fields["exerciseItemIds"] as? [Any]
    else { return .unreadable }
    // The schema's lists are the items, which the log's document does not hold (`inDocument: false`).
    (fields["foodItems"], fields["exerciseItems"]) = ([Any](), [Any]())
    guard var log = ModelSchemas.dailyLog.arguments(reading: fields) else { return .unreadable }
    for id in food {
      switch cloudItem(id as? String ?? "", FoodItem.self) {
      case .live(.foodItem(let item)): log.foodItems.append(item)
      case .unreadable: continue
      default: return .unreadable
      }
    }
    for id in exercise {
      switch cloudItem(id as? String ?? "", ExerciseItem.self) {
      case .live(.exerciseItem(let item)): log.exerciseItems.append(item)
      case .unreadable: continue
      default: return .unreadable
      }
    }
    return .live(log)
  }

  /// The cloud's document of item `slot`, in its kind's collection.
  func cloudItem(_ slot: Int) -> CloudDevicesRun.SlotState {
    let id = CloudLogRun.itemID(slot).uuidText
    return CloudLogRun.isExercise(slot) ? cloudItem(id, ExerciseItem.self) : cloudItem(id, FoodItem.self)
  }

  /// The cloud's document `id` of `Item`'s collection, read as the devices runs read one
  /// (`DevicesRunEntity.state(of:at:damaged:)`).
  ///
  /// NB: remembered by revision (`readings`): a revision's document never changes, and reading the
  /// same ones again through the schema at every check was a quarter of F21.
  func cloudItem<Item: DevicesRunEntity>(_ id: String, _: Item.Type) -> CloudDevicesRun.SlotState {
    let path = DocumentPath(uid: CloudLogRun.uid, collection: Item.collection, documentId: id)
    guard let fields = cloud.document(at: path)?.fields else { return .absent }
    guard let revision = cloud.revision(at: path) else {
      return Item.state(of: fields, at: path, damaged: isDamaged(path))
    }
    if let known = readings.states[path], known.revision == revision { return known.state }
    let state = Item.state(of: fields, at: path, damaged: isDamaged(path))
    readings.states[path] = (revision, state)
    return state
  }
}

/// The states a run has read its cloud's item documents in, by revision.
///
/// The states a run has read its cloud's item documents in, each with the revision it was read
/// at: sound because a revision's document, and whether it is the damaged one, never change.
///
/// A class, so that reading stays a non-mutating question; a run has one `World`, and a copy that took
/// another course with its cloud would need readings of its own.
final class CloudReadings {
  package var states: [DocumentPath: (revision: Int, state: CloudDevicesRun.SlotState)] = [:]
}
