/// Why a world's run could not go on, in a report's words.
///
/// Why a world's run could not go on, in a report's words (a queue that did not survive a restart,
/// a cloud that lent no project): a run that throws it is judged broken.
package struct RunFailure: Error, CustomStringConvertible {
  package let description: String
  package init(_ description: String) { self.description = description }
}
