import CountMeContract
import PropertyHarness

/// Every mutant, by name, with the property that must kill it first (`killedBy`): the bug it is the
/// proof for.
///
/// `MutantsTests` checks each dies of it at seeds the matrix does not use.
package enum MutantCatalog {
  /// Every mutant, in the order the kill matrix prints them.
  package static let all: [Mutant] = modelMutants + syncMutants + codecMutants + queueMutants + workoutMutants

  /// The mutant called `name`.
  package static func named(_ name: String) -> Mutant? { all.first { $0.name == name } }

  static func model(
    _ name: String, _ bug: String, _ kind: ModelMutant.Bug, killedBy killer: PropertyID
  )
    -> Mutant
  {
    Mutant(name: name, bug: bug, layer: kind.layer, killer: killer, system: ModelMutant(kind))
  }

  static func totals(
    _ name: String, _ bug: String, _ kind: TotalsMutant.Bug, killedBy killer: PropertyID
  ) -> Mutant {
    Mutant(name: name, bug: bug, layer: kind.layer, killer: killer, system: TotalsMutant(kind))
  }

  static func defaults(
    _ name: String, _ bug: String, _ kind: DefaultsMutant.Bug, killedBy killer: PropertyID
  ) -> Mutant {
    Mutant(name: name, bug: bug, layer: kind.layer, killer: killer, system: DefaultsMutant(kind))
  }

  static func queueDefaults(
    _ name: String, _ bug: String, _ kind: QueueDefaultsMutant.Bug, killedBy killer: PropertyID
  ) -> Mutant {
    Mutant(name: name, bug: bug, layer: .queue, killer: killer, system: QueueDefaultsMutant(kind))
  }

  static func conflict(
    _ name: String, _ bug: String, _ kind: ConflictMutant.Bug, killedBy killer: PropertyID
  ) -> Mutant {
    Mutant(name: name, bug: bug, layer: .conflicts, killer: killer, system: ConflictMutant(kind))
  }

  static func retention(
    _ name: String, _ bug: String, _ kind: RetentionMutant.Bug, killedBy killer: PropertyID
  ) -> Mutant {
    Mutant(name: name, bug: bug, layer: .retention, killer: killer, system: RetentionMutant(kind))
  }

  static func deviceSync(
    _ name: String, _ bug: String, _ kind: DeviceSyncMutant.Bug, killedBy killer: PropertyID
  ) -> Mutant {
    Mutant(name: name, bug: bug, layer: .deviceSync, killer: killer, system: DeviceSyncMutant(kind))
  }

  static func credentials(
    _ name: String, _ bug: String, _ kind: CredentialsMutant.Bug, killedBy killer: PropertyID
  ) -> Mutant {
    Mutant(name: name, bug: bug, layer: .credentials, killer: killer, system: CredentialsMutant(kind))
  }

  static func auth(_ name: String, _ bug: String, _ kind: AuthMutant.Bug, killedBy killer: PropertyID)
    -> Mutant
  {
    Mutant(name: name, bug: bug, layer: .auth, killer: killer, system: AuthMutant(kind))
  }

  static func accounts(
    _ name: String, _ bug: String, _ kind: AccountsMutant.Bug, killedBy killer: PropertyID
  ) -> Mutant {
    Mutant(name: name, bug: bug, layer: .accounts, killer: killer, system: AccountsMutant(kind))
  }

  static func logSync(
    _ name: String, _ bug: String, _ kind: LogSyncMutant.Bug, killedBy killer: PropertyID
  ) -> Mutant {
    Mutant(name: name, bug: bug, layer: .logSync, killer: killer, system: LogSyncMutant(kind))
  }

  static func decoder(
    _ name: String, _ bug: String, _ kind: DecoderMutant.Bug, killedBy killer: PropertyID
  ) -> Mutant {
    Mutant(name: name, bug: bug, layer: .codec, killer: killer, system: DecoderMutant(kind))
  }

  static func encoder(
    _ name: String, _ bug: String, _ kind: EncoderMutant.Bug, killedBy killer: PropertyID
  ) -> Mutant {
    Mutant(name: name, bug: bug, layer: .codec, killer: killer, system: EncoderMutant(kind))
  }

  static func queueFile(
    _ name: String, _ bug: String, _ kind: QueueFileMutant.Bug, killedBy killer: PropertyID
  ) -> Mutant {
    Mutant(name: name, bug: bug, layer: .queue, killer: killer, system: QueueFileMutant(kind))
  }

  static func engine(
    _ name: String, _ bug: String, _ kind: EngineMutant.Bug, killedBy killer: PropertyID
  ) -> Mutant {
    Mutant(name: name, bug: bug, layer: .engine, killer: killer, system: EngineMutant(kind))
  }

  static func queue(
    _ name: String, _ bug: String, _ kind: MutantQueue.Bug, killedBy killer: PropertyID
  )
    -> Mutant
  {
    Mutant(name: name, bug: bug, layer: .queue, killer: killer, system: QueueMutant(kind))
  }
}
