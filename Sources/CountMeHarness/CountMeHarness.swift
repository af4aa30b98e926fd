// The one import an app team needs: `import CountMeHarness` brings the catalog and the
// SystemUnderTest protocol (CountMeProperties), the runner and its reports (PropertyHarness), the
// generators (Generators), the fake cloud (CloudFake) and the reference core's models, errors and
// codec (CountMeCore). Examples/AppAdapter is a package that uses it.
@_exported import CloudFake
@_exported import CountMeCore
@_exported import CountMeProperties
@_exported import Generators
@_exported import PropertyHarness
