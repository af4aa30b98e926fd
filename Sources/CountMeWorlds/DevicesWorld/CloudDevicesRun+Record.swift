import CountMeContract
import CountMeCore
import CountMeGenerators
import Foundation
import Generators

/// What a `CloudDevicesRun` records: the facts F12, F13, F15–F18, F22, F23, F29 and F30 judge.
///
/// Times are on the acting device's clock, in milliseconds after `DevicesRun.start`; `sequence`
/// orders every change, pass and upload of the run.
extension CloudDevicesRun {
  /// What one place holds of one slot's entity.
  package enum SlotState: Equatable, CustomStringConvertible {
    case absent, deleted, unreadable
    case live(EntityVersion)

    /// Equal content (every field but `syncStatus`), or the same state.
    package static func == (lhs: SlotState, rhs: SlotState) -> Bool {
      switch (lhs, rhs) {
      case (.absent, .absent), (.deleted, .deleted), (.unreadable, .unreadable): return true
      case (.live(let a), .live(let b)): return a.hasSameContent(as: b)
      default: return false
      }
    }

    /// The same for a user: equal, or gone from both.
    ///
    /// The same for a user: equal, or gone from both (deleted in one, absent from the other), as a
    /// device that deleted an item and a cloud that deleted its document both hold nothing of it.
    ///
    /// The harm of the missing deletion record is a resurrection, which F20 judges.
    package func sameEffect(as other: SlotState) -> Bool {
      switch (self, other) {
      case (.deleted, .absent), (.absent, .deleted): return true
      default: return self == other
      }
    }

    /// The state of entity `id`, live or not, in `store`.
    package init<Entity: DevicesRunEntity>(_ id: UUID, in store: EntityStore<Entity>) {
      self.init(id, in: store, Entity.self)
    }

    /// The state of entity `id`, live or not, in `store`, its version as `Model` reads it.
    package init<Model: DevicesRunModel>(_ id: UUID, in store: EntityStore<Model.Entity>, _: Model.Type) {
      if let entity = store.live[id] {
        self = .live(Model.version(of: entity))
      } else {
        self = store.deleted[id] == nil ? .absent : .deleted
      }
    }

    /// Whether it is a live version.
    package var isLive: Bool { if case .live = self { true } else { false } }

    package var description: String {
      switch self {
      case .absent: return "absent"
      case .deleted: return "deleted"
      case .unreadable: return "unreadable"
      case .live(let version): return version.description
      }
    }
  }

  /// One sync pass of one device.
  package struct Pass {
    package let device: Int
    /// The step that ran it; nil in the quiet spell.
    package let step: Int?
    package let sequence: Int
    /// When it began.
    package let at: Int
    /// True when the device had the network as the pass began.
    package let online: Bool
    /// True when the device is online and had been offline since its last complete pass.
    package let reconnected: Bool
    /// The cloud calls it made, and how many of them failed.
    package let calls: Int, failedCalls: Int
    /// The device's and the cloud's entities before and after, by slot.
    package let before: [SlotState], after: [SlotState]
    package let cloudBefore: [SlotState], cloudAfter: [SlotState]
    /// Slots with an upload queued (pending, or failed for the user to retry) before and after.
    package let queuedBefore: [Int], queuedAfter: [Int]
    /// Slots whose upload the cloud acknowledged in this pass.
    package let uploaded: [Int]
    /// What the download returned, by slot and with its revision; nil when no download succeeded.
    package let downloaded: [(slot: Int, revision: Int, state: SlotState)]?
    /// Slots the download reported removed, in slot order; empty without a download.
    ///
    /// Slots the download reported removed: documents the device had heard of that the cloud no
    /// longer held (another device deleted them outright), in slot order; empty without a download.
    package let removed: [Int]
    /// The device's entities right after it took in the download (the cloud then held
    /// `cloudAtDownload`); nil when no download succeeded.
    package let afterDownload: [SlotState]?
    /// What the cloud held when the pass's download was answered; nil without one.
    ///
    /// What the cloud held when the pass's download was answered (nil without one): the cloud at
    /// the start of the pass for a device that downloads first, and after its uploads for one that
    /// uploads first.
    ///
    /// Download first is a choice, not a law: the oracles judge against this.
    package let cloudAtDownload: [SlotState]?
    /// Documents the download returned that name no slot's entity (a goal's document under
    /// another name): the device must skip and report each.
    package let foreign: [(path: DocumentPath, revision: Int)]
    /// What the device reported skipped during the pass.
    package let skipped: [SkippedDocument]
    /// True when this was the device's first download that succeeded.
    package let firstDownload: Bool
    /// True when the download succeeded and nothing is left queued.
    package var complete: Bool { downloaded != nil && queuedAfter.isEmpty }
    /// True when this pass is complete and the device had been offline since its last complete one.
    package var afterReconnect: Bool { complete && reconnected }
  }

  /// One local edit or deletion a step asked of a device, taken or refused.
  package struct Change {
    package let device: Int, slot: Int, step: Int
    package let sequence: Int
    package let at: Int
    /// The calories of an edit; nil for a deletion.
    package let calories: Int?
    package var deletion: Bool { calories == nil }
    /// True when the device was offline.
    package let offline: Bool
    /// True when the device said it took the change.
    package let accepted: Bool
    /// The device's entity before and after.
    package let before: SlotState, after: SlotState
    /// True when its slot had an upload queued right after it.
    package let queued: Bool
    /// The kind of the slot's newest waiting upload right after it; nil when none waits.
    package let queuedKind: SyncOperation.Kind?
    /// That upload's timestamp; nil when none waits.
    package let queuedAt: Date?
  }

  /// One upload a device sent, and how the cloud answered.
  package struct Upload {
    package let device: Int, slot: Int
    package let sequence: Int
    package let at: Int
    /// Why it failed; nil when the cloud acknowledged it.
    package let error: SyncError?
  }

  /// A call that got no answer, ended by the device's timeout after `waited` ms on its clock.
  package struct Timeout {
    package let device: Int
    /// The step whose pass made the call; nil in the quiet spell.
    package let step: Int?
    /// When the call went out, on the device's clock.
    package let at: Int
    package let waited: Int
  }

  /// A device running retention (a `retention` step of a run of daily logs), with its slots before and after.
  package struct RetentionPass {
    package let device: Int
    package let step: Int
    /// The device's clock then, in milliseconds after the run's start.
    package let clock: Int
    package let before: [SlotState]
    package let after: [SlotState]
  }

  /// Device 0 creating the account, its guest data migrating.
  package struct SignUp {
    /// The step it came before (the number of steps when it came after the last).
    package let step: Int
    package let sequence: Int
    /// The guest's entities, by slot, and the device's right after the migration began.
    package let guest: [SlotState], after: [SlotState]
  }

  /// A change, a pass (at its start) or an upload, in the order they happened.
  package enum Event {
    case change(Change), pass(Pass), upload(Upload)

    package var sequence: Int {
      switch self {
      case .change(let change): return change.sequence
      case .pass(let pass): return pass.sequence
      case .upload(let upload): return upload.sequence
      }
    }
  }

  /// Every change, pass and upload, in the order they happened.
  package var timeline: [Event] {
    (changes.map(Event.change) + passes.map(Event.pass) + uploads.map(Event.upload))
      .sorted { $0.sequence < $1.sequence }
  }
}
