import TabGridCommands

RepositoryTabCheck.main()
