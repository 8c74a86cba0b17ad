import TabCheckCLI

TabCheck.main()
