import Checker
var cfg = Campaign.Config()
cfg.sequences = Int(CommandLine.arguments.dropFirst().first ?? "200") ?? 200
let c = Campaign(runner: Runner(), config: cfg)
let r = c.run()
print("sequences \(r.sequences) steps \(r.steps) elapsed \(r.elapsed)")
if let f = r.found {
  print("ORIGINAL \(f.original.count): \(f.originalFailure)")
  print("SHRUNK \(f.shrunk.count) in \(f.shrinkSeconds)s attempts \(f.shrinkAttempts):")
  for a in f.shrunk { print("  \(a)") }
  print(f.shrunkFailure)
}
print(r.coverage.table())
