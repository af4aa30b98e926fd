// The one import an app team needs: `import CountMeHarness` brings the contract an adapter
// implements (CountMeContract: the layer protocols, the arguments types, the reference system), the
// catalog that runs against it (CountMeProperties), the runner and its reports (PropertyHarness),
// the generic generators (Generators), CountMe's own (CountMeGenerators) and the reference core's
// models, errors and queue (CountMeCore). Examples/ holds packages that use it.
@_exported import CountMeContract
@_exported import CountMeCore
@_exported import CountMeGenerators
@_exported import CountMeProperties
@_exported import Generators
@_exported import PropertyHarness
