import CountMeGenerators
import Generators

// Who takes each scenario step and what it says in a diagram. A step nobody takes (time passing)
// or another client takes has no device.

extension DevicesScenario.Step {
  /// The device that takes the step; nil for another client's write or time passing.
  package var device: Int? {
    switch self {
    case .edit(let device, _, _), .delete(let device, _), .sync(let device), .goOffline(let device),
      .goOnline(let device), .restart(let device), .retention(let device):
      return device
    case .advance, .corrupt, .corruptLog, .writeStale: return nil
    }
  }

  /// The step in words, its entities called `noun`, an edit's value in `unit`: "edit food item 1 to 120 kcal".
  func words(noun: String, unit: String = " kcal") -> String {
    switch self {
    case .edit(_, let slot, let calories): return "edit \(noun) \(slot) to \(calories)\(unit)"
    case .delete(_, let slot): return "delete \(noun) \(slot)"
    case .sync: return "sync"
    case .advance(let milliseconds): return "\(milliseconds) ms pass"
    case .goOffline: return "go offline"
    case .goOnline: return "go online"
    case .restart: return "restart the app"
    case .corrupt(let slot, let damage):
      return "write \(noun) \(slot)'s document unreadable (\(damage.rawValue))"
    case .corruptLog(let damage): return "write the day's log unreadable (\(damage.rawValue))"
    case .writeStale(let slot): return "write back the first upload of \(noun) \(slot)"
    case .retention: return "run retention (90 days)"
    }
  }
}

extension SharedDevicesScenario.Step {
  /// The phone that takes the step; nil while both lie unused.
  package var device: Int? {
    switch self {
    case .signIn(let device, _), .signOut(let device), .edit(let device, _, _), .delete(let device, _),
      .sync(let device), .restart(let device), .goOffline(let device), .goOnline(let device),
      .deleteAccount(let device):
      return device
    case .pause: return nil
    }
  }

  /// The step in words: "person 1 signs in", "edit food item 2 to 120 kcal".
  var words: String { words(noun: "food item", unit: " kcal") }

  /// The step in words, its entities called `noun`, an edit's value in `unit`: an app's "edit note 2 to 120".
  func words(noun: String, unit: String) -> String {
    switch self {
    case .signIn(_, let account): return "person \(account) signs in"
    case .signOut: return "sign out"
    case .edit(_, let slot, let calories): return "edit \(noun) \(slot) to \(calories)\(unit)"
    case .delete(_, let slot): return "delete \(noun) \(slot)"
    case .sync: return "sync"
    case .restart: return "restart the app"
    case .goOffline: return "go offline"
    case .goOnline: return "go online"
    case .deleteAccount: return "delete the account"
    case .pause(let hours): return "both phones lie unused for \(hours) h"
    }
  }
}

extension ParityScenario.Step {
  /// The phone that takes the step (0 the iPhone, 1 the Android phone); nil for time passing.
  package var device: Int? {
    switch self {
    case .iosSave, .iosSync, .iosOffline, .iosOnline, .iosReinstall: return 0
    case .androidSave, .androidSync: return 1
    case .advance: return nil
    }
  }

  /// The step in words: "save log 1 at 120 kcal".
  var words: String {
    switch self {
    case .iosSave(let log, let calories), .androidSave(let log, let calories):
      return "save log \(log) at \(calories) kcal"
    case .iosSync, .androidSync: return "sync"
    case .iosOffline: return "go offline"
    case .iosOnline: return "go online"
    case .iosReinstall: return "delete the app and install it again"
    case .advance(let milliseconds): return "\(milliseconds) ms pass"
    }
  }
}

extension RetentionScenario.Step {
  /// The device that takes the step; nil for time passing.
  package var device: Int? {
    switch self {
    case .retention(let device), .sync(let device), .editLog(let device, _, _), .setGoal(let device, _),
      .addFood(let device, _, _, _), .removeFood(let device, _, _):
      return device
    case .advance: return nil
    }
  }

  /// The step in words: "run retention", "add food 1.0 at 120 kcal".
  var words: String {
    switch self {
    case .retention: return "run retention"
    case .sync: return "sync"
    case .advance(let milliseconds): return "\(milliseconds) ms pass"
    case .editLog(_, let slot, let goal): return "set log \(slot)'s goal to \(goal)"
    case .setGoal(_, let calories): return "set the goal to \(calories)"
    case .addFood(_, let log, let item, let calories): return "add food \(log).\(item) at \(calories) kcal"
    case .removeFood(_, let log, let item): return "remove food \(log).\(item)"
    }
  }
}
