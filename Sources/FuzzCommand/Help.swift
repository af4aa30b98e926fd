import CountMeContract
import CountMeProperties
import PropertyHarness

enum Help {
  static var overview: String {
    """
    countme-fuzz: property tests and fuzzing for CountMe's data layer.

    Usage: countme-fuzz <command> [options]

    Commands:
      check    Check the properties and report what failed and how to replay it.
      replay   Re-run one failing case from its replay token.
      diff     Run the same inputs against the reference and a mutant; fail at the first difference.
      list     List the properties: id, name, requirements validated.
      sample   Print generated inputs, one JSON object per line.
      corpus   Replay the regression corpus, or add a case to it.
      mutants  Run the properties against deliberately broken implementations: the kill matrix.
      bench    Measure cases per second of each property, against a plain-loop baseline.
      fuzz     Random mode across the properties until a time limit or Ctrl-C, saving failures.
      fuzz-target  Run a libFuzzer target over saved inputs; write seed corpora and dictionaries.
      help     Show help for a command.

    Exit status: 0 passed, 1 a property failed, 2 a usage or input error.
    See 'countme-fuzz help <command>' for a command's options.
    """
  }

  static var commands: [String: String] {
    [
      "check": """
      Usage: countme-fuzz check [--property LIST] [--policy NAME] [--cases N] [--seed HEX] [--jobs N]
                                [--shard K/N] [--max-time SECONDS] [--json FILE] [--junit FILE]
                                [--markdown FILE] [--stats] [--verbose] [--progress] [--no-explain]
                                [--cloud fake|emulator] [--rules FILE]

      Runs each selected property for N cases (default: its kill budget, up to 1000) from a run seed
      (random unless --seed; always printed). On a failure, shrinks it and prints the shrunk counterexample, the original,
      what was observed against what was expected, and the replay command.

        --property LIST   properties to run (default every one that judges an implementation):
                          ids, ranges within a suite and suite names, comma-separated, such as
                          P2,P11 or P13-P21 or hardening; 'rules' (R1) holds the harness's own
                          fake to the Firestore emulator under the repository's rule files, so it
                          runs from the repository's root, when named (swift test and CI run it)
        --policy NAME     only the selected properties that run under sync policy NAME: countme
                          (seeds 001/002, the default's rules) or workout (seed 004's); their
                          replay tokens name it (~workout); 'countme-fuzz list' says which is which
        --cases N         cases per property (default: each its kill budget, up to 1000: the cases
                          in which every mutant of its layer dies at every seed of the gate)
        --seed HEX        the run seed, 1 to 16 hex digits
        --jobs N          cases run at once (default: every core): here and in N-1 processes
                          of countme-fuzz beside this one; the results, counterexamples and
                          reports are the same for any N. R1, which waits on the emulator, runs
                          beside the others on its own when named
        --shard K/N       run shard K of N: case indices K-1, K-1+N, K-1+2N, … of every property,
                          so N machines given one --seed run exactly the whole run's cases between
                          them; the whole run's failure is the shards' lowest-indexed one
        --max-time S      stop each property's cases after S seconds (runs them one at a time)
        --json FILE       also write the report as JSON (atomically)
        --junit FILE      also write the report as JUnit XML (atomically)
        --markdown FILE   also write the report as Markdown, for a GitHub job summary, issue or
                          pull request: a table of the properties, then each failure (atomically)
        --stats           print how often each input tag came up
        --no-explain      after shrinking, do not try other values of each part of the
                          counterexample (by default: "any name, protein (8 tries each): only
                          calories matters")
        --progress        print a progress line to stderr at most every 2 s (properties done,
                          cases, cases/s, seconds), as it does anyway when stderr is a terminal
        --verbose         print each case's replay token to stderr before running it, so a case that
                          crashes the process is the last token printed (one at a time)
        --save-failures [DIR]  write each shrunk counterexample as a corpus case under DIR (default
                          Corpus), atomically, never overwriting a different case
        --mutant NAME     check a deliberately broken implementation instead of CountMeCore
                          ('countme-fuzz mutants --list'); its replay tokens end in @NAME
        --cloud emulator  the devices of the properties that sync through a cloud (P30, F8, F11–F13,
                          F15–F18, F22–F25, F29–F31; F14, F20 and F21's cloud runs; X5.4–X5.6) sync
                          through the Firestore emulator instead of CloudFake, each case an
                          empty project under the rules of --rules; by default only those
                          properties run, 20 cases each. The emulator is
                          FIRESTORE_EMULATOR_HOST's, or one started and stopped here (gcloud's
                          google-cloud-cli-firestore-emulator, Java 17); missing, exit 2
        --rules FILE      the security rules --cloud emulator's projects run under (default:
                          firestore.rules in the current directory); the report names the file
      """,
      "corpus": """
      Usage: countme-fuzz corpus [--dir Corpus] [--property LIST] [--json FILE] [--junit FILE]
             countme-fuzz corpus add --property N --note TEXT [--expect SPEC] [--model MODEL] [--dir Corpus]

      Replays every case under Corpus/P<n>/ against CountMeCore: one line per failing case (file,
      expected, observed), then a summary. A malformed file is reported on stderr with its path and
      the problem; the other cases still run. Exit 1 if a case failed, else 2 if a file was malformed.

      corpus add reads inputs from standard input, one JSON per line: a line printed by
      'countme-fuzz sample', or a bare input in the same encoding. SPEC is accepted, holds, or
      rejected:<error>:<field> (e.g. rejected:caloriesExceedMax:calories, rejected:invalidData:
      ingredients[0].quantity); without --expect the case expects what CountMeCore does now, which is
      printed for you to review. --model names the model of a document that is not a sample line.
      """,
      "replay": """
      Usage: countme-fuzz replay TOKEN [--cloud fake|emulator] [--rules FILE]

      Re-runs exactly the case TOKEN names (as printed by check, e.g. P2-00000000c0ffee00-417),
      prints its input and outcome, and shrinks it again if it still fails. Exit 1 if it fails; a
      known finding of its policy reproduced is shown, exit 0, as check shows it.
      A token made by another version of the property's generator (-g<N>) is refused, exit 2:
      its seed would make another case. So is one naming a policy (~NAME) its property does not run
      under; a token naming none replays under its property's own (tokens before policies had none).
      --cloud emulator replays a case of 'check --cloud emulator' there (its printed command says so),
      under the rules of --rules FILE (default: firestore.rules in the current directory).
      """,
      "diff": """
      Usage: countme-fuzz diff --mutant NAME [--property LIST] [--cases N] [--seed HEX] [--jobs N]
                               [--json FILE] [--junit FILE] [--markdown FILE]

      Runs the same generated inputs against the reference and mutant NAME, and fails each property
      at the first input the two observe differently: another acceptance, error, decoded value or
      verdict, or, for a sync property, another cloud call or answer in its run. The difference is
      shrunk and printed with a token that replays it ('countme-fuzz replay TOKEN'). By default the
      properties that exercise the mutant's layer run, N (default 1000) cases each. Exit 1 if a
      difference was found. An app compares its own two implementations (before and after a
      refactor, or its adapter and the reference) with Catalog.diff in its tests; 'countme-fuzz
      mutants --diff' finds every mutant of the gate this way.
      """,
      "list": """
      Usage: countme-fuzz list [--policy NAME]

      Lists the properties: id, name, the acceptance criteria each validates, and the sync policy
      it runs under when not countme's (and whether it is a known finding of it). --policy NAME
      lists only those that run under policy NAME.
      """,
      "sample": """
      Usage: countme-fuzz sample GENERATOR [--seed HEX] [--count N]
             countme-fuzz sample --list

      Prints N (default 5) generated inputs, one JSON object per line:
      {"generator": "...", "tags": [...], "value": ...}. Model inputs are constructor arguments keyed
      by parameter name; documents are Firestore REST typed-value JSON. --list names the generators.
      """,
      "mutants": """
      Usage: countme-fuzz mutants [--matrix | --diff] [--cases N] [--seed HEX] [--seeds K]
                                  [--mutant NAME] [--json FILE]
             countme-fuzz mutants --list

      Runs the properties of each mutant's layer against it for up to N cases at K seeds (default 3:
      --seed, default 0000000000c0ffee, and two derived from it), and prints which properties killed
      it, at how many seeds, after how many cases (median). Then 'killed K of M'. Exit 1 if a
      mutant survives at any seed. See a mutant's failure in full with
      'countme-fuzz check --mutant NAME'.

      By default (the gate) each seed stops at the first kill, the mutant's own killer tried first:
      a row names the properties that ran. --matrix runs every property of the layer at every seed
      instead, for the full kill matrix (slower: a property that does not kill spends its budget).
      --diff finds each mutant with 'diff' instead of the properties' oracles: a property kills
      when the mutant and the reference observe one of its inputs differently, every property that
      exercises the layer tried.

      Layers: \(layers).
      Cases per property (default: its kill budget): \(budgets).
      """,
      "bench": """
      Usage: countme-fuzz bench [--property LIST] [--seconds S] [--steps N] [--seed HEX] [--json FILE]

      Measures, in one run, against the reference implementation: a plain Swift loop that builds
      FoodItems from raw random numbers (P2's baseline); each property's cases per second for about
      S seconds (default 0.5); CountMeCore's queue alone driven by the simulator's steps (its
      baseline); the sync simulator's steps per second with faults over N steps (default 100000)
      without restarts, and over N/10 steps with a restart every ~20 steps; the multi-device
      simulation's steps per second (F12–F30's runs through the cloud) for about S seconds. The
      'of base' column is a row's rate as a fraction of its baseline's; last, P2's fraction and
      the loop-second (the plain loop's time for 10,000,000 cases: the unit performance goals are
      set in). Build in release ('swift run -c release countme-fuzz bench') for figures worth
      comparing. --json writes the rows. The seed defaults to 0000000000c0ffee. Nothing is asserted:
      a slower run still exits 0.
      """,
      "fuzz": """
      Usage: countme-fuzz fuzz [--property LIST] [--max-time SECONDS] [--max-rounds N] [--cases N]
                               [--seed HEX] [--from-round R] [--jobs N] [--save-failures [DIR]]
                               [--mutant NAME]

      Runs the properties in rounds until --max-time, --max-rounds or Ctrl-C: round R checks every
      selected property for N cases (default 200) at a seed derived from the run seed and R. A
      failure is shrunk, printed with its replay token, saved as a corpus case under DIR (default
      Corpus; never overwriting) and its property left out of later rounds. Every 5 s a progress
      line gives rounds, cases, cases/s, failures and the distinct input tags seen. The last line
      is the command that resumes the run where it stopped. Exit 1 if a property failed.
      """,
      "fuzz-target": """
      Usage: countme-fuzz fuzz-target list [--names]
             countme-fuzz fuzz-target run TARGET FILE-OR-FOLDER...
             countme-fuzz fuzz-target seeds --dir DIR [--corpus Corpus]

      The coverage-guided fuzz targets (built for libFuzzer by Fuzz/build.sh), without libFuzzer.
      list names them and what each checks. run passes each file (and each file of a folder) to the
      target, as libFuzzer would, and prints every finding: reproduce a crash a fuzzer saved, or
      replay Fuzz/Regressions/<target>/. Exit 1 if an input broke a check. seeds writes
      DIR/<target>/ (a seed corpus, from the regression corpus and the generators) and
      DIR/<target>.dict (libFuzzer's dictionary) for every target.
      """,
      "help": """
      Usage: countme-fuzz help [COMMAND]

      Shows what a command does and its options.
      """,
    ]
  }

  /// Each layer and its properties, e.g. `models P1-P10`, from the catalog.
  static var layers: String {
    Layer.allCases.map { "\($0.rawValue) " + runs(Catalog.properties(of: $0).map(\.id)) }.joined(
      separator: "; ")
  }

  /// The kill budgets and their properties: `1000 for P1-P10; 2000 for P11-P12, P19; …`.
  static var budgets: String {
    let budgets = Catalog.all.map(\.killBudget).reduce(into: [Int]()) {
      if !$0.contains($1) { $0.append($1) }
    }
    return budgets.map { budget in
      "\(budget) for " + runs(Catalog.all.filter { $0.killBudget == budget }.map(\.id))
    }.joined(separator: "; ")
  }

  /// `ids` written with runs of neighbours in the catalog as ranges: `P1-P10, P19`.
  static func runs(_ ids: [PropertyID]) -> String {
    let order = Catalog.ids
    var parts: [[PropertyID]] = []
    for id in ids {
      if let last = parts.last?.last, let at = order.firstIndex(of: last), order.indices.contains(at + 1),
        order[at + 1] == id
      {
        parts[parts.count - 1].append(id)
      } else {
        parts.append([id])
      }
    }
    return parts.map { $0.count > 1 ? "\($0[0])-\($0[$0.count - 1])" : "\($0[0])" }.joined(separator: ", ")
  }

  static func run(_ arguments: [String], console: Console) throws -> Int32 {
    let options = try Options.parse(
      arguments, command: "help", valued: [], flags: ["--help"], positionals: true)
    guard let name = options.positional.first else {
      console.out(overview)
      return 0
    }
    guard let text = commands[name], options.positional.count == 1 else {
      throw UsageError(message: "no help for '\(options.positional.joined(separator: " "))'", command: nil)
    }
    console.out(text)
    return 0
  }

  /// Prints a command's help and returns true when its arguments ask for it.
  static func requested(_ arguments: [String], command: String, console: Console) -> Bool {
    guard arguments.contains("--help") || arguments.contains("-h") else { return false }
    console.out(commands[command] ?? overview)
    return true
  }
}
