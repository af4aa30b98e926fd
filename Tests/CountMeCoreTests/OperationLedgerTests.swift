import Testing

@testable import CountMeCore

@Suite("OperationLedger: every operation's state, by index for the queue's own ids")
struct OperationLedgerTests {
  @Test("5,000 random updates of restored, new and stray ids match a dictionary")
  func matchesADictionary() {
    let start: UInt64 = 1_000
    var ledger = OperationLedger(start: start)
    var model: [OperationID: OperationState] = [:]
    var next = start
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func draw(_ bound: UInt64) -> UInt64 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return (seed >> 33) % bound
    }
    let states: [OperationState] = [
      .pending, .inFlight, .succeeded, .superseded(by: OperationID(1)), .dropped(reason: "full"),
    ]
    for _ in 0..<5_000 {
      let id: OperationID
      switch draw(4) {
      case 0: id = OperationID(draw(start))  // restored from a file
      case 1:  // the queue's next id
        id = OperationID(next)
        next += 1
      case 2: id = OperationID(start + draw(next - start + 1))  // one it has (or the next)
      default: id = OperationID(next + 5 + draw(1 << 40))  // a stray id far past the ones it gave
      }
      let state = states[Int(draw(UInt64(states.count)))]
      #expect(ledger.update(state, for: id) == model.updateValue(state, forKey: id), "\(id)")
    }
    for raw in (0..<next + 10) where raw % 7 == 0 || raw >= start {
      #expect(ledger[OperationID(raw)] == model[OperationID(raw)], "\(raw)")
    }
    var count = 0
    ledger.forEachState { _ in count += 1 }
    #expect(count == model.count)
  }
}
