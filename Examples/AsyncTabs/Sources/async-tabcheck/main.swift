import AsyncTabs
import TabCheckCLI

// tabcheck with this app's main-actor model:
//   swift run async-tabcheck --jobs 2
TabCheck.main(drivers: [GridDriverFactory(BrowserTabsDriver.self)])
