import TabCheckCLI
import TutorialGrid

// tabcheck with the tutorial's drivers: `swift run tutorial-tabcheck --compare tutorial,reference`.
// `tutorial-K` is the tutorial with the first K fixes of docs/tutorial-findings.md applied.
let steps = (1...Fixes.allCases.count).map { k in
    GridDriverFactory.tutorial(fixes: Fixes(Fixes.allCases.prefix(k)), name: "tutorial-\(k)")
}
// `tutorial-diffable-batchfixes`: the diffable variant with every fix but following the drag (D5).
let diffableBatchFixes = GridDriverFactory.tutorial(fixes: .all, name: "tutorial-diffable-batchfixes", diffable: true)
TabCheck.main(drivers: GridDriverFactory.tutorialDrivers + steps + [diffableBatchFixes])
