export { RegionSelector, type RegionSelectorProps } from './RegionSelector';
export { citiesOf, districtsOf, regionsQuery, REGIONS_URL, type Region, type RegionValue } from './regions';
