// The Review screen reads steps the same way the HTML run report does.
export { describeMatch, describeStep as describeAction } from '../../../../shared/domain/describe-step.js';
