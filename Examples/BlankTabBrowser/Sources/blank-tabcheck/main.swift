import BlankTabBrowser
import TabCheckCLI

// tabcheck with this app's model and its own property:
//   swift run blank-tabcheck --compare blank-tab,reference --policy duckduckgo-ios
//   swift run blank-tabcheck policy --compare blank-tab,reference
TabCheck.main(drivers: [GridDriverFactory(TabsDriver.self)], properties: [NeverEmpty()])
