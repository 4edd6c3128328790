import ArgumentParser

/// `cleanstore`: serves by default (`cleanstore --database … --port …` is `cleanstore serve …`);
/// other subcommands look after the database. A new subcommand is a type in this folder that takes
/// `StoreOptions` (database, card keys, log level) and is listed here.
@main
struct CleanStoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cleanstore",
        abstract: "CleanStore Web: create, list, show and edit orders from a browser.",
        subcommands: [
            ServeCommand.self, MigrateCommand.self, CheckCommand.self, BackupCommand.self, RotateCardKeyCommand.self,
            AccountsCommand.self, ProductsCommand.self, TaxRatesCommand.self, TokensCommand.self,
            SeedCommand.self,
        ],
        defaultSubcommand: ServeCommand.self)
}
