import Synchronization

/// Runs async work on the calling thread, one job at a time, in an order the caller chooses.
///
/// A deterministic scheduler for actors, as FoundationDB's simulator is for its processes.
///
/// Tasks started here prefer this executor, and so do the default actors they call (SE-0417), so
/// every partial task of every task lands in one list. `run` takes jobs from it until it is empty;
/// when more than one is ready, `pick` chooses, which is how a property explores interleavings of
/// concurrent callers from its seed. Nothing waits on a real clock and no other thread runs them.
public final class StepExecutor: TaskExecutor, @unchecked Sendable {
  // @unchecked: `ready` is only touched under its Mutex.
  private let ready = Mutex<[UnownedJob]>([])

  /// An executor with nothing to run.
  public init() {}

  /// Takes a job a task or an actor hands over; it runs when `run` picks it.
  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    ready.withLock { $0.append(job) }
  }

  /// Runs `tasks` concurrently on this thread until every job has run.
  ///
  /// - Parameter pick: given how many jobs are ready (at least 2), the index of the one to run next.
  /// - Returns: how many of the tasks did not finish: non-zero when one waited on something outside
  ///   this executor (a real sleep, another executor, a continuation nobody resumes).
  public func run(_ tasks: [@Sendable () async -> Void], pick: (Int) -> Int) -> Int {
    let finished = Tally()
    for task in tasks {
      Task(executorPreference: self) {
        await task()
        finished.count.withLock { $0 += 1 }
      }
    }
    while let job = nextJob(pick) { job.runSynchronously(on: asUnownedTaskExecutor()) }
    return tasks.count - finished.count.withLock { $0 }
  }

  /// How many tasks finished, shared with them.
  private final class Tally: Sendable {
    let count = Mutex(0)
  }

  private func nextJob(_ pick: (Int) -> Int) -> UnownedJob? {
    ready.withLock { jobs in
      switch jobs.count {
      case 0: return nil
      case 1: return jobs.removeFirst()
      default: return jobs.remove(at: min(max(pick(jobs.count), 0), jobs.count - 1))
      }
    }
  }
}
