import type { Classifier, ClassifyOutcome } from '../classify'
import type { ClassifySubject } from './store-port'

/**
 * The one classification of a torrent being stored, for ingest and re-classification alike (as
 * bitmagnet's single processor serves crawl and reprocess). A line worker's verdict stands for a
 * row new in this batch while no label exists: it was made for exactly that torrent, without
 * operator tags or a label. The store deletes and blocks what a rule deletes, and stores the rest.
 */
export function createClassifyStored(classifier: Classifier): (subject: ClassifySubject) => ClassifyOutcome {
  return (subject) =>
    subject.preclassified && subject.isNewRow && !subject.labelsExist
      ? subject.preclassified
      : classifier.classify(
          { name: subject.name, sizeBytes: subject.sizeBytes, files: subject.files, tags: subject.operatorTags },
          subject.label,
        )
}
