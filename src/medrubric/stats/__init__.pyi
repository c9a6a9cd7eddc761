# Public names of medrubric.stats, each loaded from its submodule on first access
# (`lazy_loader.attach_stub` in __init__.py reads this file); type checkers read it too.
# A new public name is one line here.

from .agreement import AgreementResult as AgreementResult
from .agreement import cohen_kappa as cohen_kappa
from .agreement import fleiss_kappa as fleiss_kappa
from .agreement import fleiss_kappa_from_sums as fleiss_kappa_from_sums
from .agreement import gwet_ac1 as gwet_ac1
from .agreement import gwet_ac1_from_sums as gwet_ac1_from_sums
from .agreement import gwet_ac1_terms as gwet_ac1_terms
from .agreement import raw_agreement as raw_agreement
from .classification import macro_f1 as macro_f1
from .confusion import binary_table as binary_table
from .confusion import cohen_kappa_table as cohen_kappa_table
from .confusion import gwet_ac1_table as gwet_ac1_table
from .confusion import healthbench_f1_table as healthbench_f1_table
from .confusion import healthbench_f1_weight as healthbench_f1_weight
from .confusion import macro_f1_table as macro_f1_table
from .correlation import CorrelationResult as CorrelationResult
from .correlation import average_ranks as average_ranks
from .correlation import kendall_tau_b as kendall_tau_b
from .correlation import partial_corr as partial_corr
from .correlation import pearson as pearson
from .correlation import spearman as spearman
from .correlation import spearman_rho as spearman_rho
from .intervals import bootstrap_ci as bootstrap_ci
from .intervals import bootstrap_distribution as bootstrap_distribution
from .intervals import cluster_bootstrap_ci as cluster_bootstrap_ci
from .intervals import cluster_bootstrap_distribution as cluster_bootstrap_distribution
from .intervals import cluster_totals_ci as cluster_totals_ci
from .intervals import cluster_totals_distribution as cluster_totals_distribution
from .intervals import defined_percentile_interval as defined_percentile_interval
from .intervals import paired_bootstrap_diff_ci as paired_bootstrap_diff_ci
from .intervals import percentile_interval as percentile_interval
from .intervals import wilson_interval as wilson_interval
from .paired import PairedAUROC as PairedAUROC
from .paired import pair_outcomes as pair_outcomes
from .paired import paired_auroc as paired_auroc
from .paired import paired_auroc_ci as paired_auroc_ci
from .permutation import PermutationResult as PermutationResult
from .permutation import permutation_test_diff as permutation_test_diff
from .ranking import top_k as top_k
from .ranking import top_k_overlap as top_k_overlap
from .sets import jaccard as jaccard
